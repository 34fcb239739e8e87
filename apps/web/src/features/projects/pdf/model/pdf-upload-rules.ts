import { PDF_FILES_PER_SELECTION, PDF_MAX_BYTES } from '@tandem/contract/limits';

/** What the file picker offers; a PDF under another name is still taken (its bytes are what count). */
export const PDF_ACCEPT = '.pdf,application/pdf';

/** Why the dialog refuses a file before sending it. */
export type PdfRefusal = 'wrong_type' | 'too_large' | 'over_limit';

const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

async function headOf(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, MAGIC.length);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(head);
  });
}

/** The file starts as every PDF does (`%PDF-`), as the server checks it too. */
export async function isPdfContent(file: Blob) {
  const head = await headOf(file).catch(() => new Uint8Array());
  return MAGIC.every((byte, index) => head[index] === byte);
}

/**
 * Why `file`, the `index`-th of one selection, cannot be uploaded, or null: past the 50 a selection
 * takes, not a PDF by its content, or larger than 20 MB.
 */
export async function pdfRefusal(file: Blob, index: number): Promise<PdfRefusal | null> {
  if (index >= PDF_FILES_PER_SELECTION) return 'over_limit';
  if (!(await isPdfContent(file))) return 'wrong_type';
  if (file.size > PDF_MAX_BYTES) return 'too_large';
  return null;
}
