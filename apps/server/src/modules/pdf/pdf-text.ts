import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDF_PAGES_MAX } from '@tandem/contract/pdf';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { AppError } from '../../platform/http/app-error.ts';
import { assertPdfStreamsWithinLimits } from './pdf-streams.ts';

/** Where a PDF must start (`%PDF-1.7`); pdf.js would read some files without it, uploads must have it. */
const PDF_MAGIC = '%PDF-';

export const hasPdfMagic = (bytes: Uint8Array) =>
  Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).toString('latin1') === PDF_MAGIC;

/**
 * pdf.js's data folders (paths, as pdf.js reads them in Node): a CJK font that is not embedded (common in
 * Chinese and Japanese PDFs) needs its character map to be read as text at all, or the PDF would be
 * taken for a scan; some PDFs use the standard 14 fonts.
 */
const PDFJS_DIR = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const DATA_OPTIONS = {
  cMapUrl: `${join(PDFJS_DIR, 'cmaps')}/`,
  cMapPacked: true,
  standardFontDataUrl: `${join(PDFJS_DIR, 'standard_fonts')}/`,
};

/**
 * Characters of text read from one PDF at most (as many as a document may hold bytes): a PDF whose
 * compressed content expands to more is refused (2243) rather than stored and indexed.
 */
export const PDF_TEXT_MAX_CHARS = 16 * 1024 * 1024;

/**
 * Characters one page may hold: a dense page has about ten thousand. A page drawing more is a content
 * stream that inflates far (72 KB of PDF drawing 20 MB of text took pdf.js 16 s): its reading stops there.
 */
export const PDF_PAGE_TEXT_MAX_CHARS = 1024 * 1024;

/** A page's text items, read as pdf.js streams them, refused (2243) once past PDF_PAGE_TEXT_MAX_CHARS. */
async function pageItems(page: { streamTextContent(): ReadableStream }): Promise<TextItem[]> {
  const items: TextItem[] = [];
  let chars = 0;
  const reader = page.streamTextContent().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return items;
    for (const item of (value as { items: (TextItem | object)[] }).items) {
      if (!('str' in item)) continue;
      items.push(item);
      chars += item.str.length;
    }
    if (chars > PDF_PAGE_TEXT_MAX_CHARS) {
      await reader.cancel().catch(() => {});
      throw new AppError('PDF_CONTENT_TOO_LARGE');
    }
  }
}

/** A gap between two lines taller than this many times the text's height starts a new paragraph. */
const PARAGRAPH_GAP = 1.6;

/**
 * A page's text as lines (`hasEOL` or a move down the page) and paragraphs (a blank line where the gap
 * between lines is wide), which the knowledge chunker keeps together.
 */
function pageText(items: readonly TextItem[]): string {
  let text = '';
  let lastY: number | undefined;
  for (const item of items) {
    const y = item.transform[5] as number;
    const height = Math.abs(item.height) || Math.abs(item.transform[3] as number) || 10;
    if (lastY !== undefined && Math.abs(lastY - y) > height * 0.5 && !text.endsWith('\n')) text += '\n';
    if (lastY !== undefined && Math.abs(lastY - y) > height * PARAGRAPH_GAP && !text.endsWith('\n\n'))
      text += '\n';
    text += item.str;
    if (item.hasEOL && !text.endsWith('\n')) text += '\n';
    lastY = y;
  }
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Each page's text, read with pdf.js (in the worker pool: `tasks.ts`). Refuses (400) what is no PDF, what pdf.js cannot open (damaged,
 * encrypted, more than PDF_PAGES_MAX pages) and a PDF without any text on any page: a scan has nothing
 * to search or cite (scanned PDFs are not supported).
 */
export async function readPdfPages(bytes: Uint8Array): Promise<string[]> {
  if (!hasPdfMagic(bytes)) throw new AppError('PDF_WRONG_TYPE');
  // A compression bomb stops here, in a fraction of a second, before pdf.js draws any of it.
  assertPdfStreamsWithinLimits(bytes);
  const task = getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    stopAtErrors: false,
    ...DATA_OPTIONS,
  });
  let pdf: Awaited<typeof task.promise>;
  try {
    pdf = await task.promise;
  } catch {
    await task.destroy().catch(() => {});
    throw new AppError('PDF_UNREADABLE');
  }
  try {
    if (pdf.numPages < 1 || pdf.numPages > PDF_PAGES_MAX) throw new AppError('PDF_UNREADABLE');
    const pages: string[] = [];
    let chars = 0;
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      pages.push(pageText(await pageItems(page)));
      page.cleanup();
      chars += pages.at(-1)!.length;
      if (chars > PDF_TEXT_MAX_CHARS) throw new AppError('PDF_CONTENT_TOO_LARGE');
    }
    if (pages.every((page) => !/\S/.test(page))) throw new AppError('PDF_SCANNED');
    return pages;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('PDF_UNREADABLE');
  } finally {
    await pdf.destroy().catch(() => {});
  }
}
