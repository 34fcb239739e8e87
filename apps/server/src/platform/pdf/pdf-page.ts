import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { PDF_FONT } from './pdf-fonts.ts';
import { PDF_COLORS } from './pdf-markdown.ts';

/**
 * The page every exported PDF is drawn on (conversations, documents, invoices): A4, its fonts, page
 * numbers. Text is set in Noto Sans SC (SIL Open Font License, from the `@expo-google-fonts/noto-sans-sc`
 * npm package), which covers simplified and traditional Chinese, Japanese kana and kanji, and Latin;
 * PDFKit embeds only the glyphs used, so a page of text stays a few kilobytes.
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  [PDF_FONT.regular]: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  [PDF_FONT.bold]: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  // Math symbols the CJK font lacks (⋅ ∘ ⟨ ⟩ …) and blackboard letters, from KaTeX (SIL OFL).
  [PDF_FONT.math]: 'katex/dist/fonts/KaTeX_Main-Regular.ttf',
  [PDF_FONT.blackboard]: 'katex/dist/fonts/KaTeX_AMS-Regular.ttf',
};

/** Read once per process: each file is about 10 MB. */
let fonts: Promise<(readonly [string, Buffer])[]> | undefined;
const loadFonts = () => {
  fonts ??= Promise.all(
    Object.entries(FONT_FILES).map(
      async ([name, file]) => [name, await readFile(require.resolve(file))] as const,
    ),
  );
  return fonts;
};

const MARGIN = 56;

/**
 * An A4 PDF with the fonts registered (also the documents' export): `box` is the text column,
 * `finished` resolves to the bytes once `doc.end()` is called.
 */
export async function openPdf(meta: { title: string; author?: string; locale: string }) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: meta.locale,
    info: { Title: meta.title, ...(meta.author ? { Author: meta.author } : {}), Creator: 'Tandem' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, bytes] of await loadFonts()) doc.registerFont(name, bytes);
  return { doc, finished, box: { x: MARGIN, width: doc.page.width - 2 * MARGIN } };
}

/** "2 / 5" at the foot of every page. */
export function numberPages(doc: PDFKit.PDFDocument, box: { x: number; width: number }) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin PDFKit would start a new page; the margin is lifted while the number is set.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(PDF_FONT.regular)
      .fontSize(8.5)
      .fillColor(PDF_COLORS.muted)
      .text(`${index + 1} / ${count}`, box.x, doc.page.height - bottom / 2 - 5, {
        width: box.width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
