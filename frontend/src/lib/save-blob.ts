/** Saves a blob as a file: a temporary object URL and a click on <a download>. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked once the browser has long started the download.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
