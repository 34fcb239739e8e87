// Drawing PDFs (pdfkit): the A4 page with its fonts and page numbers, Markdown with maths, code and
// tables, a reply's numbered sources. Used by the conversation and document exports and the invoices.
export { drawCitations } from './pdf-citations.ts';
export { PDF_FONT } from './pdf-fonts.ts';
export { BODY_SIZE, drawMarkdown, drawPlainText, ensureSpace, PDF_COLORS } from './pdf-markdown.ts';
export { numberPages, openPdf } from './pdf-page.ts';
