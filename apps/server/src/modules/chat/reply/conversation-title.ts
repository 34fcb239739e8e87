import { withoutUnsafeCharacters } from '@tandem/contract/account-rules';
import { CONVERSATION_TITLE_FROM_MESSAGE } from '@tandem/contract/chat';

/** Markdown's marks, not words: they made titles such as "## Plan | City | Days | | ---". */
const MARKDOWN_LINE_MARKS: [RegExp, string][] = [
  [/^\s*(```|~~~).*$/gm, ''], // code fences and their language
  [/^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/gm, ''], // table separator rows
  [/^\s{0,3}(#{1,6}|>+|[-*+]|\d+[.)])\s+/gm, ''], // headings, quotes, list markers
];
const MARKDOWN_INLINE_MARKS: [RegExp, string][] = [
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1'], // images: their alt text
  [/\[([^\]]+)\]\([^)]*\)/g, '$1'], // links: their text
  [/(\*\*|__|\*|_|~~|`)(?=\S)([^*_~`]*?\S)\1/g, '$2'], // emphasis and inline code
  [/\s*\|\s*/g, ' '], // table cells
];

/**
 * A new conversation's title: the first words of its first message without Markdown's marks, held to
 * the rule of names (no line breaks, zero-width or direction characters), and cut between words where
 * the text has spaces.
 */
export function titleOf(content: string): string {
  let text = content;
  for (const [mark, replacement] of [...MARKDOWN_LINE_MARKS, ...MARKDOWN_INLINE_MARKS])
    text = text.replace(mark, replacement);
  const line = withoutUnsafeCharacters(text.replace(/\s+/g, ' ')).trim();
  const characters = [...line];
  if (characters.length <= CONVERSATION_TITLE_FROM_MESSAGE) return line;
  const cut = characters.slice(0, CONVERSATION_TITLE_FROM_MESSAGE).join('');
  // At the last space when the limit falls inside a word, unless that drops more than a third.
  const lastSpace = cut.lastIndexOf(' ');
  const isInsideWord = characters[CONVERSATION_TITLE_FROM_MESSAGE] !== ' ';
  return (isInsideWord && lastSpace > (cut.length * 2) / 3 ? cut.slice(0, lastSpace) : cut).trim();
}
