import type {
  Blockquote,
  Code,
  Heading,
  List,
  Nodes,
  Parent,
  PhrasingContent,
  RootContent,
  Table,
} from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import { fontMetrics, inFontsThatHaveIt, PDF_FONT } from './pdf-fonts.ts';
import { mathPieces } from './pdf-math.ts';

/**
 * Draws Markdown into a PDFKit document: the same CommonMark + GFM syntax tree the web's react-markdown
 * and remark-gfm build, laid out as headings, paragraphs, emphasis, lists, code blocks, quotes, tables and
 * links, and `$…$` / `$$…$$` math as the web's remark-math reads it (set by pdf-math.ts). Text is set
 * in the embedded CJK font (which also covers Latin), a character it lacks (a math symbol) in KaTeX's
 * fonts; a line of a code block in Courier when it is plain ASCII, which Courier can encode, else in
 * the CJK font.
 */

export const PDF_COLORS = {
  text: '#1f2328',
  muted: '#6b7280',
  link: '#0969da',
  rule: '#d0d7de',
  codeText: '#1f2328',
  inlineCode: '#9a3412',
  codeBackground: '#f3f4f6',
  quote: '#57606a',
  tableHeader: '#f6f8fa',
};

export const BODY_SIZE = 10.5;
const LINE_GAP = 2.5;
const BLOCK_GAP = 5;
const CODE_SIZE = 9;
const CODE_PADDING = 6;
const LIST_INDENT = 16;
const QUOTE_INDENT = 12;
const CELL_PADDING = 4;
const HEADING_SIZES = [17, 15, 13.5, 12, 11, 11] as const;
const BULLETS = ['•', '◦', '▪'] as const;

/** Where a block is laid out: its left edge and width on the page. */
export type Box = { x: number; width: number };

export type Style = {
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: string;
  size: number;
  color: string;
  /** Math: a font of its own (blackboard letters), and points above the line's baseline. */
  font?: string;
  rise?: number;
  /** Math: the size of the line it sits in, whose baseline `rise` is measured from. */
  lineSize?: number;
};
export type Run = { text: string; style: Style };

const PLAIN_ASCII = /^[\x20-\x7e]*$/;
const SAFE_LINK = /^(https?:|mailto:)/i;

export const parseMarkdown = (text: string) =>
  fromMarkdown(text, {
    extensions: [gfm(), math()],
    mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown()],
  });

/** Starts a new page when `height` more points would cross the bottom margin. */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** Sets runs of differently styled text as one wrapped paragraph. */
export function drawRuns(doc: PDFKit.PDFDocument, runs: Run[], box: Box, align: 'left' | 'center' = 'left') {
  const ascender = fontMetrics(doc, PDF_FONT.regular).ascender;
  const shown = runs.flatMap((run) => inFontsThatHaveIt(doc, run)).filter((piece) => piece.text !== '');
  shown.forEach(({ text, font, style }, index) => {
    // Inline code keeps the text's font: PDFKit sets each piece from its font's ascender, so Courier
    // beside the CJK font would sit higher than the words around it.
    doc
      .font(font)
      .fontSize(style.size)
      .fillColor(style.link ? PDF_COLORS.link : style.code ? PDF_COLORS.inlineCode : style.color);
    // A continued piece inherits every option it leaves undefined, so each one sets all of them.
    const options: PDFKit.Mixins.TextOptions = {
      continued: index < shown.length - 1,
      link: style.link ?? null,
      underline: !!style.link,
      strike: !!style.strike,
      oblique: style.italic ? 10 : false,
      lineGap: LINE_GAP,
      align,
      // Math is placed on the line's baseline (as the CJK font at the line's size puts it), raised or
      // lowered from there, whatever its own font and size; other text hangs from the line's top.
      baseline:
        style.rise === undefined && font !== PDF_FONT.math
          ? 'top'
          : (style.rise ?? 0) - (ascender / 1000) * (style.lineSize ?? style.size),
    } as PDFKit.Mixins.TextOptions;
    if (index === 0) doc.text(text, box.x, doc.y, { ...options, width: box.width });
    else doc.text(text, options);
  });
  doc.fillColor(PDF_COLORS.text);
}

/** A formula on its own, centred (by hand: PDFKit centres each piece of a continued line apart). */
function drawDisplayMath(doc: PDFKit.PDFDocument, tex: string, box: Box, style: Style) {
  const runs = mathRuns(tex, { ...style, size: style.size + 1 }, true);
  const width = runs
    .flatMap((run) => inFontsThatHaveIt(doc, run))
    .reduce((sum, piece) => {
      doc.font(piece.font).fontSize(piece.style.size);
      return sum + doc.widthOfString(piece.text);
    }, 0);
  const shift = Math.max(0, (box.width - width) / 2);
  drawRuns(doc, runs, { x: box.x + shift, width: box.width - shift });
}

/** A formula as runs of the paragraph it sits in (`display`: a block of its own). */
function mathRuns(tex: string, style: Style, display: boolean): Run[] {
  return mathPieces(tex, style.size, display).map((piece) => ({
    text: piece.text,
    style: {
      ...style,
      size: piece.size,
      rise: piece.rise,
      lineSize: style.size,
      italic: piece.italic || style.italic,
      ...(piece.blackboard ? { font: PDF_FONT.blackboard } : {}),
    },
  }));
}

/** Text as written (a user's message, or a reply of an agent without Markdown): lines kept. */
export function drawPlainText(doc: PDFKit.PDFDocument, text: string, box: Box) {
  drawRuns(doc, [{ text, style: { size: BODY_SIZE, color: PDF_COLORS.text } }], box);
}

export function drawMarkdown(doc: PDFKit.PDFDocument, text: string, box: Box) {
  drawBlocks(doc, parseMarkdown(text).children, box, { size: BODY_SIZE, color: PDF_COLORS.text }, 0);
}

function drawBlocks(doc: PDFKit.PDFDocument, blocks: RootContent[], box: Box, style: Style, depth: number) {
  blocks.forEach((block, index) => {
    if (index > 0) doc.y += BLOCK_GAP;
    drawBlock(doc, block, box, style, depth);
  });
}

function drawBlock(doc: PDFKit.PDFDocument, block: RootContent, box: Box, style: Style, depth: number) {
  switch (block.type) {
    case 'heading':
      return drawHeading(doc, block, box, style);
    case 'paragraph':
      return drawRuns(doc, runsOf(block.children, style), box);
    case 'list':
      return drawList(doc, block, box, style, depth);
    case 'code':
      return drawCode(doc, block, box);
    case 'blockquote':
      return drawQuote(doc, block, box, style, depth);
    case 'table':
      return drawTable(doc, block, box, style);
    case 'math':
      return drawDisplayMath(doc, block.value, box, style);
    case 'thematicBreak':
      return drawRule(doc, box);
    case 'html':
      return drawRuns(doc, [{ text: block.value, style }], box);
    case 'footnoteDefinition':
      return drawRuns(
        doc,
        [{ text: `[${block.label ?? block.identifier}] `, style }, ...runsOfBlocks(block, style)],
        box,
      );
    default:
      // Definitions and other nodes that print nothing of their own.
      return undefined;
  }
}

function drawHeading(doc: PDFKit.PDFDocument, heading: Heading, box: Box, style: Style) {
  const size = HEADING_SIZES[heading.depth - 1] ?? BODY_SIZE;
  doc.y += 3;
  ensureSpace(doc, size * 3);
  drawRuns(doc, runsOf(heading.children, { ...style, size, bold: true }), box);
}

function drawList(doc: PDFKit.PDFDocument, list: List, box: Box, style: Style, depth: number) {
  const start = list.start ?? 1;
  list.children.forEach((item, index) => {
    if (index > 0 && list.spread) doc.y += BLOCK_GAP;
    const marker =
      item.checked === true
        ? '✓'
        : item.checked === false
          ? '□'
          : list.ordered
            ? `${start + index}.`
            : BULLETS[depth % BULLETS.length]!;
    doc.font(PDF_FONT.regular).fontSize(style.size);
    ensureSpace(doc, doc.currentLineHeight(true) + LINE_GAP);
    const markerWidth = list.ordered ? Math.max(LIST_INDENT, doc.widthOfString(marker) + 6) : LIST_INDENT;
    const top = doc.y;
    doc.fillColor(style.color).text(marker, box.x, top, { width: markerWidth, lineBreak: false });
    doc.y = top;
    const inner = { x: box.x + markerWidth, width: box.width - markerWidth };
    drawBlocks(doc, item.children as RootContent[], inner, style, depth + 1);
  });
}

function drawCode(doc: PDFKit.PDFDocument, code: Code, box: Box) {
  const inner = { x: box.x + CODE_PADDING, width: box.width - 2 * CODE_PADDING };
  const lines = code.value.replace(/\t/g, '    ').split('\n');
  doc.fontSize(CODE_SIZE);
  const paint = (height: number) => {
    doc.rect(box.x, doc.y, box.width, height).fill(PDF_COLORS.codeBackground);
  };
  paint(CODE_PADDING);
  doc.y += CODE_PADDING;
  for (const line of lines) {
    const text = line === '' ? ' ' : line;
    doc.font(PLAIN_ASCII.test(text) ? PDF_FONT.mono : PDF_FONT.regular);
    const height = doc.heightOfString(text, { width: inner.width, lineGap: LINE_GAP });
    ensureSpace(doc, height);
    paint(height);
    doc.fillColor(PDF_COLORS.codeText).text(text, inner.x, doc.y, { width: inner.width, lineGap: LINE_GAP });
  }
  paint(CODE_PADDING);
  doc.y += CODE_PADDING;
  doc.fillColor(PDF_COLORS.text);
}

function drawQuote(doc: PDFKit.PDFDocument, quote: Blockquote, box: Box, style: Style, depth: number) {
  const page = doc.bufferedPageRange().count;
  const top = doc.y;
  const inner = { x: box.x + QUOTE_INDENT, width: box.width - QUOTE_INDENT };
  drawBlocks(doc, quote.children, inner, { ...style, color: PDF_COLORS.quote }, depth);
  // The bar beside the quote, on the page where it ends (from the top margin when it began earlier).
  const from = doc.bufferedPageRange().count === page ? top : doc.page.margins.top;
  doc
    .moveTo(box.x + 3, from)
    .lineTo(box.x + 3, doc.y)
    .lineWidth(2.5)
    .strokeColor(PDF_COLORS.rule)
    .stroke();
}

/**
 * A table, its header row repeated at the top of every page the table runs onto, so a reader of the
 * second page still knows what each column holds.
 */
function drawTable(doc: PDFKit.PDFDocument, table: Table, box: Box, style: Style) {
  const columns = Math.max(1, ...table.children.map((row) => row.children.length));
  const width = box.width / columns;
  const rows = table.children.map((row, rowIndex) => {
    const isHeader = rowIndex === 0;
    const cells = Array.from({ length: columns }, (_, column) => {
      const cell = row.children[column];
      return cell ? runsOf(cell.children, { ...style, bold: isHeader || style.bold }) : [];
    });
    return { isHeader, cells, height: rowHeight(doc, cells, width, isHeader, style) };
  });
  const [header, ...body] = rows;
  if (!header) return;
  // The header never stands alone at the foot of a page.
  ensureSpace(doc, header.height + (body[0]?.height ?? 0));
  drawRow(doc, table, header, box, width);
  for (const row of body) {
    if (doc.y + row.height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawRow(doc, table, header, box, width);
    }
    drawRow(doc, table, row, box, width);
  }
  doc.x = box.x;
}

type TableRow = { isHeader: boolean; cells: Run[][]; height: number };

function rowHeight(doc: PDFKit.PDFDocument, cells: Run[][], width: number, isHeader: boolean, style: Style) {
  doc.font(isHeader ? PDF_FONT.bold : PDF_FONT.regular).fontSize(style.size);
  const heights = cells.map((runs) => {
    const text = runs.map((run) => run.text).join('') || ' ';
    return doc.heightOfString(text, { width: width - 2 * CELL_PADDING, lineGap: LINE_GAP });
  });
  return Math.max(...heights) + 2 * CELL_PADDING;
}

function drawRow(doc: PDFKit.PDFDocument, table: Table, row: TableRow, box: Box, width: number) {
  const top = doc.y;
  doc.lineWidth(0.6).strokeColor(PDF_COLORS.rule);
  row.cells.forEach((runs, column) => {
    const x = box.x + column * width;
    if (row.isHeader) doc.rect(x, top, width, row.height).fill(PDF_COLORS.tableHeader);
    doc.rect(x, top, width, row.height).stroke(PDF_COLORS.rule);
    doc.y = top + CELL_PADDING;
    const align = table.align?.[column] === 'center' ? 'center' : 'left';
    drawRuns(doc, runs, { x: x + CELL_PADDING, width: width - 2 * CELL_PADDING }, align);
  });
  doc.y = top + row.height;
}

function drawRule(doc: PDFKit.PDFDocument, box: Box) {
  doc.y += 4;
  doc
    .moveTo(box.x, doc.y)
    .lineTo(box.x + box.width, doc.y)
    .lineWidth(0.8)
    .strokeColor(PDF_COLORS.rule)
    .stroke();
  doc.y += 4;
}

/** The text of a block's paragraphs, run together (a footnote's definition). */
function runsOfBlocks(parent: Parent, style: Style): Run[] {
  return parent.children.flatMap((child) =>
    child.type === 'paragraph' ? runsOf(child.children, style) : [{ text: textOf(child), style }],
  );
}

/** Inline content as styled runs of text. */
function runsOf(nodes: PhrasingContent[], style: Style): Run[] {
  return nodes.flatMap((node): Run[] => {
    switch (node.type) {
      case 'text':
        return [{ text: node.value, style }];
      case 'strong':
        return runsOf(node.children, { ...style, bold: true });
      case 'emphasis':
        return runsOf(node.children, { ...style, italic: true });
      case 'delete':
        return runsOf(node.children, { ...style, strike: true });
      case 'inlineCode':
        return [{ text: node.value, style: { ...style, code: true } }];
      case 'inlineMath':
        return mathRuns(node.value, style, false);
      case 'break':
        return [{ text: '\n', style }];
      case 'link':
        return runsOf(node.children, SAFE_LINK.test(node.url) ? { ...style, link: node.url } : style);
      case 'image':
        return [{ text: `[${node.alt || node.url}]`, style: { ...style, color: PDF_COLORS.muted } }];
      case 'footnoteReference':
        return [{ text: `[${node.label ?? node.identifier}]`, style }];
      case 'html':
        return [{ text: node.value, style }];
      default:
        return 'children' in node ? runsOf(node.children as PhrasingContent[], style) : [];
    }
  });
}

function textOf(node: Nodes): string {
  if ('value' in node) return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(textOf).join('');
  return '';
}
