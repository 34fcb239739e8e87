import type { Run, Style } from './pdf-markdown.ts';

/**
 * The fonts of an exported PDF (registered by export-pdf.ts): the CJK font for text, which also covers
 * Latin, and KaTeX's for the math symbols it lacks and for blackboard letters.
 */

export const PDF_FONT = {
  regular: 'cjk',
  bold: 'cjk-bold',
  mono: 'Courier',
  math: 'math',
  blackboard: 'math-blackboard',
} as const;
/** Where a character the text's font lacks is looked for, in order. */
const FALLBACK_FONTS = [PDF_FONT.math, PDF_FONT.regular] as const;

type FontMetrics = { ascender: number; hasGlyph(codePoint: number): boolean };
const metricsCache = new WeakMap<PDFKit.PDFDocument, Map<string, FontMetrics>>();

/** PDFKit's embedded font: its ascender (per 1,000 of the size) and which characters it can draw. */
export function fontMetrics(doc: PDFKit.PDFDocument, name: string): FontMetrics {
  const known = metricsCache.get(doc) ?? new Map<string, FontMetrics>();
  metricsCache.set(doc, known);
  const cached = known.get(name);
  if (cached) return cached;
  // Leaves `name` the current font: every caller sets the font it draws with.
  doc.font(name);
  const font = (
    doc as unknown as { _font: { ascender: number; font?: { hasGlyphForCodePoint(code: number): boolean } } }
  )._font;
  const metrics = {
    ascender: font.ascender,
    hasGlyph: (code: number) => font.font?.hasGlyphForCodePoint(code) ?? true,
  };
  known.set(name, metrics);
  return metrics;
}

/** A run cut where its font lacks a character, that part set in the first font that has it. */
export function inFontsThatHaveIt(doc: PDFKit.PDFDocument, run: Run) {
  const own = run.style.font ?? (run.style.bold ? PDF_FONT.bold : PDF_FONT.regular);
  const pieces: { text: string; font: string; style: Style }[] = [];
  for (const character of run.text) {
    const code = character.codePointAt(0) ?? 0;
    const font =
      code < 0x80 || fontMetrics(doc, own).hasGlyph(code)
        ? own
        : (FALLBACK_FONTS.find((name) => fontMetrics(doc, name).hasGlyph(code)) ?? own);
    const last = pieces.at(-1);
    if (last?.font === font) last.text += character;
    else pieces.push({ text: character, font, style: run.style });
  }
  return pieces;
}
