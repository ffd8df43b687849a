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
