/**
 * The terms of full-text search, made in app code for both the index and the query, so that Chinese,
 * Japanese and Korean are found on any PostgreSQL without an extension: words of spaced scripts
 * lower-cased, and runs of CJK letters as overlapping bigrams ("東京タワー": 東京 京タ タワ ワー) fed to
 * `to_tsvector('simple', …)`. Each run's last letter is a term too, so that a one-letter query, asked
 * as a prefix (`猫:*`), finds the letter wherever it stands in a run.
 */

/** A term and where it stands in the text it was read from (UTF-16 offsets, end exclusive). */
export type Token = { term: string; start: number; end: number };
/** What a query looks for: a term, or (one CJK letter) any term starting with it. */
export type QueryTerm = { term: string; isPrefix: boolean };

const RUN = /[\p{L}\p{N}\p{M}々〆ヶー]+/gu;
const CJK_LETTERS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}々〆ヶー';
const CJK = new RegExp(`[${CJK_LETTERS}]+`, 'gu');
const IS_CJK = new RegExp(`^[${CJK_LETTERS}]$`, 'u');
/** Longer "words" are hashes or pasted garbage, not what anyone searches for. */
const WORD_MAX = 64;
const QUERY_TERMS_MAX = 32;
const TITLE_TERMS_MAX = 8;
/** English words too common to tell chunks apart: left out of queries (unless nothing else is asked). */
const STOP_WORDS = new Set(
  'a an and are as at be by do does for from how i in is it of on or that the this to was what when where which who why will with'.split(
    ' ',
  ),
);

const termOf = (text: string) => text.normalize('NFKC').toLowerCase();

function* wordTokens(text: string, from: number, to: number): Generator<Token> {
  if (to - from <= WORD_MAX) yield { term: termOf(text.slice(from, to)), start: from, end: to };
}

function* cjkTokens(text: string, from: number, to: number): Generator<Token> {
  for (let i = from; i + 1 < to; i++) yield { term: termOf(text.slice(i, i + 2)), start: i, end: i + 2 };
  yield { term: termOf(text.slice(to - 1, to)), start: to - 1, end: to };
}

/** The terms of `text` in reading order, with their offsets (for marking them in snippets). */
export function* tokensOf(text: string): Generator<Token> {
  for (const run of text.matchAll(RUN)) {
    const start = run.index;
    let at = start;
    for (const cjk of run[0].matchAll(CJK)) {
      const cjkStart = start + cjk.index;
      if (cjkStart > at) yield* wordTokens(text, at, cjkStart);
      yield* cjkTokens(text, cjkStart, cjkStart + cjk[0].length);
      at = cjkStart + cjk[0].length;
    }
    if (at < start + run[0].length) yield* wordTokens(text, at, start + run[0].length);
  }
}

/** `text` as the space-separated terms `to_tsvector('simple', …)` indexes. */
export const indexTerms = (text: string) => Array.from(tokensOf(text), (token) => token.term).join(' ');

/** One letter of a script written without spaces (Chinese, Japanese, Korean). */
export const isCjk = (letter: string) => IS_CJK.test(letter);

/** The distinct terms a query looks for; a lone CJK letter is a prefix. */
export function queryTermsOf(query: string): QueryTerm[] {
  const tokens = [...tokensOf(query)];
  // A CJK run's closing letter is already inside its last bigram: only a lone letter is asked alone.
  const asked = tokens.filter((token, i) => i === 0 || tokens[i - 1]?.end !== token.end);
  const meaningful = asked.filter((token) => !STOP_WORDS.has(token.term));
  const terms = new Map<string, QueryTerm>();
  for (const token of meaningful.length > 0 ? meaningful : asked) {
    const isPrefix = isCjk(token.term);
    terms.set(token.term, { term: token.term, isPrefix });
  }
  return [...terms.values()].slice(0, QUERY_TERMS_MAX);
}

/** The `to_tsquery('simple', …)` text matching any of `terms`; terms hold letters and digits only. */
export const anyOf = (terms: readonly QueryTerm[]) =>
  terms.map(({ term, isPrefix }) => `'${term.replace(/'/g, "''")}'${isPrefix ? ':*' : ''}`).join(' | ');

/** What a document's name must all contain to match a query by title: its words and whole CJK runs. */
export function titleTermsOf(query: string): string[] {
  const runs = Array.from(query.matchAll(RUN), (match) => termOf(match[0]));
  const meaningful = runs.filter((run) => !STOP_WORDS.has(run));
  return [...new Set(meaningful.length > 0 ? meaningful : runs)].slice(0, TITLE_TERMS_MAX);
}
