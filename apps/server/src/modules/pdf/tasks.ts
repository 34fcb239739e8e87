import { readPdfPages } from './pdf-text.ts';

/** PDF work run in the worker pool: a PDF's pages' text, read with pdf.js. */
export const pdfTasks = {
  'pdf.pages': ({ bytes }: { bytes: Uint8Array }) => readPdfPages(bytes),
};
