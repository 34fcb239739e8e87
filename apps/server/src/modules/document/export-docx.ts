import type { JSONContent } from '@tiptap/core';
import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { imageSize } from './image-size.ts';

/** Reads an image the document shows: our uploads only (`/api/upload/files/<id>`), others are links. */
export type ImageReader = (src: string) => Promise<Buffer | undefined>;

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];
/** Word has Heading 7-9 but the docx package declares only 1-6: the rest are declared here. */
const DEEP_HEADING_STYLES = [7, 8, 9].map((level) => ({
  id: `Heading${level}`,
  name: `Heading ${level}`,
  basedOn: 'Normal',
  next: 'Normal',
  quickFormat: true,
  run: { bold: true, italics: level === 9, size: 22, color: '404040' },
  paragraph: { spacing: { before: 160, after: 80 }, outlineLevel: level - 1 },
}));
const MAX_IMAGE_WIDTH = 600;
const INDENT = 360;

type Marks = {
  bold?: boolean;
  italics?: boolean;
  underline?: object;
  strike?: boolean;
  font?: string;
  link?: string;
};

/** A document (ProseMirror JSON of the shared schema) as a .docx file. */
export async function renderDocx(title: string, json: JSONContent, readImage: ImageReader): Promise<Buffer> {
  let listCount = 0;
  const orderedLists: string[] = [];

  function runsOf(nodes: JSONContent[] | undefined, base: Marks = {}): ParagraphChild[] {
    const runs: ParagraphChild[] = [];
    for (const node of nodes ?? []) {
      if (node.type === 'hardBreak') {
        runs.push(new TextRun({ text: '', break: 1 }));
        continue;
      }
      if (node.type !== 'text') continue;
      const marks: Marks = { ...base };
      for (const mark of node.marks ?? []) {
        if (mark.type === 'bold') marks.bold = true;
        if (mark.type === 'italic') marks.italics = true;
        if (mark.type === 'underline') marks.underline = {};
        if (mark.type === 'strike') marks.strike = true;
        if (mark.type === 'code') marks.font = 'Consolas';
        if (mark.type === 'link' && typeof mark.attrs?.href === 'string') marks.link = mark.attrs.href;
      }
      const { link, ...style } = marks;
      const run = new TextRun({ text: node.text ?? '', ...style, ...(link ? { style: 'Hyperlink' } : {}) });
      runs.push(link ? new ExternalHyperlink({ link, children: [run] }) : run);
    }
    return runs;
  }

  async function imageRun(src: string): Promise<ParagraphChild | undefined> {
    const bytes = await readImage(src);
    const size = bytes && imageSize(bytes);
    if (!bytes || !size) return undefined;
    const scale = Math.min(1, MAX_IMAGE_WIDTH / Math.max(size.width, 1));
    return new ImageRun({
      type: size.type,
      data: bytes,
      transformation: { width: Math.round(size.width * scale), height: Math.round(size.height * scale) },
    });
  }

  async function blocks(
    nodes: JSONContent[] | undefined,
    depth = 0,
    quote = false,
  ): Promise<(Paragraph | Table)[]> {
    const out: (Paragraph | Table)[] = [];
    const indent = quote ? { left: INDENT * 2 } : undefined;
    for (const node of nodes ?? []) {
      switch (node.type) {
        case 'heading': {
          const level = Math.min(Math.max(Number(node.attrs?.level) || 1, 1), 9);
          out.push(
            new Paragraph({
              children: runsOf(node.content),
              ...(level <= 6 ? { heading: HEADINGS[level - 1] } : { style: `Heading${level}` }),
            }),
          );
          break;
        }
        case 'paragraph':
          out.push(new Paragraph({ children: runsOf(node.content), indent }));
          break;
        case 'blockquote':
          out.push(...(await blocks(node.content, depth, true)));
          break;
        case 'codeBlock':
          for (const line of (node.content?.map((text) => text.text ?? '').join('') ?? '').split('\n'))
            out.push(
              new Paragraph({
                children: [new TextRun({ text: line, font: 'Consolas', size: 19 })],
                shading: { type: ShadingType.CLEAR, fill: 'F3F4F6', color: 'auto' },
              }),
            );
          break;
        case 'bulletList':
        case 'orderedList':
        case 'taskList': {
          const reference = node.type === 'orderedList' ? `ordered-${listCount++}` : undefined;
          if (reference) orderedLists.push(reference);
          for (const item of node.content ?? []) {
            const [first, ...rest] = item.content ?? [];
            const checkbox = node.type === 'taskList' ? (item.attrs?.checked ? '☑ ' : '☐ ') : '';
            out.push(
              new Paragraph({
                children: [...(checkbox ? [new TextRun(checkbox)] : []), ...runsOf(first?.content)],
                ...(reference
                  ? { numbering: { reference, level: Math.min(depth, 8) } }
                  : node.type === 'bulletList'
                    ? { bullet: { level: Math.min(depth, 8) } }
                    : { indent: { left: INDENT * (depth + 1) } }),
              }),
            );
            out.push(...(await blocks(rest, depth + 1, quote)));
          }
          break;
        }
        case 'table': {
          const rows = await Promise.all(
            (node.content ?? []).map(
              async (row) =>
                new TableRow({
                  // A row of header cells repeats on every page, and reads back as header cells.
                  tableHeader: (row.content ?? []).every((cell) => cell.type === 'tableHeader'),
                  children: await Promise.all(
                    (row.content ?? []).map(
                      async (cell) =>
                        new TableCell({
                          children: (await blocks(cell.content)).filter(
                            (block) => block instanceof Paragraph,
                          ),
                          columnSpan: Number(cell.attrs?.colspan) || 1,
                          rowSpan: Number(cell.attrs?.rowspan) || 1,
                          ...(cell.type === 'tableHeader'
                            ? { shading: { type: ShadingType.CLEAR, fill: 'F3F4F6', color: 'auto' } }
                            : {}),
                        }),
                    ),
                  ),
                }),
            ),
          );
          if (rows.length > 0)
            out.push(new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } }));
          break;
        }
        case 'image': {
          const src = String(node.attrs?.src ?? '');
          const image = await imageRun(src);
          out.push(
            new Paragraph({
              children: image
                ? [image]
                : runsOf([{ type: 'text', text: src, marks: [{ type: 'link', attrs: { href: src } }] }]),
            }),
          );
          break;
        }
        case 'attachment': {
          const name = String(node.attrs?.name || node.attrs?.url || '');
          const url = String(node.attrs?.url ?? '');
          out.push(
            new Paragraph({
              children: runsOf([
                {
                  type: 'text',
                  text: `📎 ${name}`,
                  marks: url ? [{ type: 'link', attrs: { href: url } }] : [],
                },
              ]),
            }),
          );
          break;
        }
        case 'horizontalRule':
          out.push(
            new Paragraph({
              children: [],
              border: { bottom: { style: 'single', size: 6, color: 'CCCCCC', space: 1 } },
            }),
          );
          break;
        default:
          if (node.content) out.push(...(await blocks(node.content, depth, quote)));
      }
    }
    return out;
  }

  const children = await blocks(json.content);
  const document = new Document({
    title,
    creator: 'Tandem',
    styles: { paragraphStyles: DEEP_HEADING_STYLES },
    numbering: {
      config: orderedLists.map((reference) => ({
        reference,
        levels: Array.from({ length: 9 }, (_, level) => ({
          level,
          format: LevelFormat.DECIMAL,
          text: `%${level + 1}.`,
          alignment: AlignmentType.START,
          style: { paragraph: { indent: { left: INDENT * (level + 2), hanging: INDENT } } },
        })),
      })),
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}
