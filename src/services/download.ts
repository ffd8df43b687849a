/** Hands a blob to the browser as a download with its name. */
function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start the download only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a base64 file the server sent as a download, with its name. */
export function saveBase64File(
  content: string,
  filename: string,
  type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
): void {
  saveBlob(new Blob([Uint8Array.from(atob(content), (c) => c.charCodeAt(0))], { type }), filename);
}

/** Saves text made in the browser (an SCXML chart, a CSV …) as a download, with its name. */
export function saveTextFile(text: string, filename: string, type = 'text/plain'): void {
  saveBlob(new Blob([text], { type }), filename);
}
