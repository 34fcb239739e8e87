import type { JSONContent } from '@tiptap/core';

/**
 * What a document says, as the chunker reads it: headings (which open sections) and blocks of text,
 * each on the PDF page it comes from (null for an editor document). Tables and code are blocks of
 * their own so that they stay whole where they fit.
 */
export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'text' | 'table' | 'code'; text: string; page: number | null };

/** Text of a PDF (or any paged text): one entry a page, paragraphs separated by blank lines. */
export type PageText = { page: number | null; text: string };

const textBlock = (text: string, page: number | null = null): Block[] =>
  text.trim() ? [{ kind: 'text', text: text.trim(), page }] : [];

/** The inline text of a node: its text, hard breaks as line breaks. */
function inlineText(node: JSONContent): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(inlineText).join('');
}

const LIST_MARKS: Record<string, (index: number, node: JSONContent) => string> = {
  bulletList: () => '- ',
  orderedList: (index, list) => `${Number(list.attrs?.start ?? 1) + index}. `,
  taskList: (_, item) => (item.attrs?.checked ? '[x] ' : '[ ] '),
};

/** A list as lines ("- item", "1. item", "[x] item"), nested lists indented under their item. */
function listLines(list: JSONContent, depth: number): string[] {
  const mark = LIST_MARKS[list.type ?? ''] ?? LIST_MARKS.bulletList!;
  return (list.content ?? []).flatMap((item, index) => {
    const lines: string[] = [];
    for (const child of item.content ?? []) {
      if (child.type && child.type in LIST_MARKS) lines.push(...listLines(child, depth + 1));
      else {
        const text = blockText(child);
        if (!text) continue;
        const prefix = lines.length === 0 ? mark(index, item) : '  ';
        lines.push(`${'  '.repeat(depth)}${prefix}${text}`);
      }
    }
    return lines;
  });
}

/** Any block's text on its own, for a list item's or a quote's content. */
function blockText(node: JSONContent): string {
  if (node.type && node.type in LIST_MARKS) return listLines(node, 0).join('\n');
  if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'codeBlock')
    return inlineText(node);
  return fromNodes(node.content ?? [])
    .map((block) => block.text)
    .join('\n');
}

/** A table as one line a row, cells separated by " | " (the first row is usually the header). */
function tableText(table: JSONContent): string {
  return (table.content ?? [])
    .map((row) => (row.content ?? []).map((cell) => blockText(cell).replace(/\s+/g, ' ').trim()).join(' | '))
    .filter((line) => line.replace(/[\s|]/g, ''))
    .join('\n');
}

function fromNode(node: JSONContent): Block[] {
  switch (node.type) {
    case 'heading': {
      const level = Number(node.attrs?.level ?? 1);
      return [{ kind: 'heading', level, text: inlineText(node).replace(/\s+/g, ' ').trim() }];
    }
    case 'paragraph':
      return textBlock(inlineText(node));
    case 'codeBlock': {
      const code = inlineText(node);
      return code.trim() ? [{ kind: 'code', text: code.replace(/\s+$/, ''), page: null }] : [];
    }
    case 'table': {
      const text = tableText(node);
      return text ? [{ kind: 'table', text, page: null }] : [];
    }
    case 'bulletList':
    case 'orderedList':
    case 'taskList':
      return textBlock(listLines(node, 0).join('\n'));
    case 'image':
      return textBlock(String(node.attrs?.alt || node.attrs?.title || ''));
    case 'attachment':
      return textBlock(String(node.attrs?.name ?? ''));
    default:
      return fromNodes(node.content ?? []);
  }
}

const fromNodes = (nodes: JSONContent[]) => nodes.flatMap(fromNode);

/** The blocks of an editor document (ProseMirror JSON of the document schema). */
export const blocksOfDocument = (json: JSONContent): Block[] => fromNodes(json.content ?? []);

/** The blocks of paged text: a paragraph (text between blank lines) a block, on its page. */
export const blocksOfPages = (pages: readonly PageText[]): Block[] =>
  pages.flatMap(({ page, text }) =>
    text
      .replace(/\r\n?/g, '\n')
      .split(/\n\s*\n/)
      .flatMap((paragraph) => textBlock(paragraph, page)),
  );
