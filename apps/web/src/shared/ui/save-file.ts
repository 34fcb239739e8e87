/** Hands downloaded bytes to the browser as a file saved under `name`. */
export function saveFile(data: Blob, name: string) {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Kept a while: some browsers read the address after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
