// Handing a file to the browser's downloads: a Blob made here, or a link the server signed.

/** Saves `blob` as `fileName` through a temporary object URL. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    clickDownloadLink(url, fileName);
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Starts the download of a (presigned) URL; its Content-Disposition names the file. */
export function openDownload(url: string, fileName: string): void {
  clickDownloadLink(url, fileName);
}

function clickDownloadLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
