/**
 * The clipboard's text, or '' when the browser refuses (no permission, insecure page): callers treat it as a bad paste.
 */
export async function readClipboardText(): Promise<string> {
  try {
    return await navigator.clipboard.readText();
  } catch {
    return '';
  }
}

/** Puts text on the clipboard; false when the browser refuses (the person can still select and copy it). */
export async function writeClipboardText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
