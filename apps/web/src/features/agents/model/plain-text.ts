import { fromMarkdown } from 'mdast-util-from-markdown';

type MarkdownNode = { type: string; value?: string; children?: MarkdownNode[] };

/** Nodes whose children run on in one line; any other parent's children are blocks apart. */
const RUNS_ON = new Set([
  'paragraph',
  'heading',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'tableCell',
]);

function textOf(node: MarkdownNode): string {
  if (node.type === 'html') return '';
  if (node.value !== undefined) return node.value;
  if (!node.children) return node.type === 'break' ? ' ' : '';
  return node.children.map(textOf).join(RUNS_ON.has(node.type) ? '' : ' ');
}

/** A Markdown reply as one line of its words, for a preview: no marks, no raw HTML. */
export const plainText = (markdown: string) =>
  textOf(fromMarkdown(markdown) as MarkdownNode)
    .replace(/\s+/g, ' ')
    .trim();
