import { KNOWLEDGE_SNIPPET_CHARS } from '@tandem/contract/knowledge';
import { isCjk, type QueryTerm, tokensOf } from './search-tokens.ts';

type Range = { start: number; end: number };

/** Characters shown before the first match, so it reads in context (a third of a short snippet). */
const LEAD_CHARS = 60;
/** How far a cut moves to fall between two words rather than inside one. */
const WORD_CUT_CHARS = 20;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * Where the query's terms stand in `text`, by the same tokens search matched on: a word or a CJK
 * bigram the query asks for, or the first letter of one a one-letter (prefix) query starts.
 */
function matchesIn(text: string, terms: readonly QueryTerm[]): Range[] {
  const exact = new Set(terms.filter((term) => !term.isPrefix).map((term) => term.term));
  const prefixes = terms.filter((term) => term.isPrefix).map((term) => term.term);
  const ranges: Range[] = [];
  for (const token of tokensOf(text)) {
    let range: Range | undefined;
    if (exact.has(token.term)) range = { start: token.start, end: token.end };
    else if (prefixes.some((prefix) => token.term.startsWith(prefix)))
      range = { start: token.start, end: token.start + 1 };
    if (!range) continue;
    const last = ranges.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else ranges.push(range);
  }
  return ranges;
}

/** The window of `size` characters, starting a little before a match, that shows the most matches. */
function windowOf(length: number, ranges: Range[], size: number): Range {
  let best = { start: 0, end: Math.min(length, size) };
  let bestCount = -1;
  const lead = Math.min(LEAD_CHARS, Math.floor(size / 3));
  for (const anchor of ranges) {
    const start = Math.max(0, Math.min(anchor.start - lead, length - size));
    const end = Math.min(length, start + size);
    const count = ranges.filter((range) => range.start >= start && range.end <= end).length;
    if (count > bestCount) {
      best = { start, end };
      bestCount = count;
    }
  }
  return best;
}

/** A word of a spaced script is cut in two at `at`: letters on both sides, neither of them CJK. */
const isInWord = (text: string, at: number) =>
  at > 0 &&
  at < text.length &&
  /[\p{L}\p{N}]{2}/u.test(text.slice(at - 1, at + 1)) &&
  !isCjk(text.charAt(at - 1)) &&
  !isCjk(text.charAt(at));

/** Does not cut a character written as two UTF-16 units (an emoji, a rare Han character) in half. */
const isLowSurrogate = (text: string, at: number) => /[\uDC00-\uDFFF]/.test(text.charAt(at));

/**
 * A search result's snippet, safe to render as HTML: about `size` characters of `text` around the
 * matches, on one line, everything escaped, the matched terms in `<mark>…</mark>`, an ellipsis where
 * the text goes on.
 */
export function snippetOf(text: string, terms: readonly QueryTerm[], size = KNOWLEDGE_SNIPPET_CHARS): string {
  const flat = text.replace(/\s/g, ' ');
  const ranges = matchesIn(flat, terms);
  let { start, end } = windowOf(flat.length, ranges, size);
  const first = ranges.find((range) => range.start >= start)?.start ?? end;
  const last = ranges.findLast((range) => range.end <= end)?.end ?? start;
  // A cut inside a word of a spaced script moves to the nearest space, unless that loses a match.
  const after = flat.indexOf(' ', start);
  if (isInWord(flat, start) && after !== -1 && after < first && after - start <= WORD_CUT_CHARS)
    start = after + 1;
  const before = flat.lastIndexOf(' ', end);
  if (isInWord(flat, end) && before > last && end - before <= WORD_CUT_CHARS) end = before;
  if (isLowSurrogate(flat, start)) start += 1;
  if (isLowSurrogate(flat, end)) end -= 1;
  while (start < end && flat[start] === ' ') start++;
  while (end > start && flat[end - 1] === ' ') end--;
  let html = start > 0 ? '…' : '';
  let at = start;
  for (const range of ranges) {
    if (range.end <= start || range.start >= end) continue;
    const from = Math.max(range.start, start);
    const to = Math.min(range.end, end);
    html += `${escapeHtml(flat.slice(at, from))}<mark>${escapeHtml(flat.slice(from, to))}</mark>`;
    at = to;
  }
  html += escapeHtml(flat.slice(at, end));
  if (end < flat.length) html += '…';
  return html.replace(/ {2,}/g, ' ');
}
