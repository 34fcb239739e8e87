// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import type { JSONContent } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { CHUNK_MAX_CHARS, CHUNK_OVERLAP_CHARS, chunkDocument, chunkPages } from './chunking.ts';

const text = (value: string): JSONContent => ({ type: 'text', text: value });
const p = (value: string): JSONContent => ({ type: 'paragraph', content: value ? [text(value)] : [] });
const h = (level: number, value: string): JSONContent => ({
  type: 'heading',
  attrs: { level },
  content: [text(value)],
});
const doc = (...content: JSONContent[]): JSONContent => ({ type: 'doc', content });
const code = (value: string): JSONContent => ({ type: 'codeBlock', content: [text(value)] });
const cell = (value: string, type = 'tableCell'): JSONContent => ({ type, content: [p(value)] });
const table = (rows: string[][]): JSONContent => ({
  type: 'table',
  content: rows.map((row, r) => ({
    type: 'tableRow',
    content: row.map((value) => cell(value, r === 0 ? 'tableHeader' : 'tableCell')),
  })),
});

/** Each chunk's length in characters. */
const lengths = (chunks: { text: string }[]) => chunks.map((chunk) => chunk.text.length);

const CHINESE_SENTENCE = '知识库把每个项目的文档切成小段，搜索时按相关程度排序。';
const JAPANESE_SENTENCE = 'ナレッジベースはプロジェクトの文書を小さな段落に分けて、検索の順位を決めます。';
const ENGLISH_SENTENCE =
  'The knowledge base splits every document of a project into short passages for search. ';

describe('chunking a document', () => {
  it('gives an empty document, or one of empty paragraphs, no chunks', () => {
    expect(chunkDocument(doc())).toEqual([]);
    expect(chunkDocument(doc(p(''), p('  '), p('')))).toEqual([]);
    expect(chunkDocument({ type: 'doc' })).toEqual([]);
    expect(chunkPages([])).toEqual([]);
    expect(chunkPages([{ page: 1, text: ' \n\n ' }])).toEqual([]);
  });

  it('knows the headings above each chunk, at every level from 1 to 9, and never joins two sections', () => {
    const chunks = chunkDocument(
      doc(
        p('Before any heading.'),
        h(1, 'Plan'),
        p('Why we plan.'),
        h(2, 'Steps'),
        p('First step.'),
        h(3, 'Details'),
        h(4, 'Level 4'),
        h(5, 'Level 5'),
        h(6, 'Level 6'),
        h(7, 'Level 7'),
        h(8, 'Level 8'),
        h(9, 'Level 9'),
        p('Deep down.'),
        h(2, 'Risks'),
        p('Late delivery.'),
        h(1, 'Budget'),
        p('Ten thousand.'),
      ),
    );
    expect(chunks.map(({ heading, text: body }) => [heading, body])).toEqual([
      ['', 'Before any heading.'],
      ['Plan', 'Why we plan.'],
      ['Plan > Steps', 'First step.'],
      ['Plan > Steps > Details > Level 4 > Level 5 > Level 6 > Level 7 > Level 8 > Level 9', 'Deep down.'],
      ['Plan > Risks', 'Late delivery.'],
      ['Budget', 'Ten thousand.'],
    ]);
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(chunks.every((chunk) => chunk.page === null)).toBe(true);
  });

  it('keeps a heading with nothing under it findable as a chunk of its own title', () => {
    const chunks = chunkDocument(doc(h(1, 'Plan'), h(2, 'Open questions'), h(2, 'Steps'), p('One.')));
    expect(chunks.map(({ heading, text: body }) => [heading, body])).toEqual([
      ['Plan > Open questions', 'Open questions'],
      ['Plan > Steps', 'One.'],
    ]);
  });

  it('packs short paragraphs of one section into one chunk', () => {
    const chunks = chunkDocument(doc(h(1, 'Notes'), p('One.'), p('Two.'), p('Three.')));
    expect(chunks).toEqual([{ ordinal: 0, heading: 'Notes', text: 'One.\nTwo.\nThree.', page: null }]);
  });

  it.each([
    ['Chinese', CHINESE_SENTENCE, '。'],
    ['Japanese', JAPANESE_SENTENCE, '。'],
    ['English', ENGLISH_SENTENCE, '.'],
  ])('cuts a long %s paragraph at sentence ends, with a small overlap', (_, sentence, end) => {
    const paragraph = sentence.repeat(Math.ceil(3000 / sentence.length)).trim();
    const chunks = chunkDocument(doc(h(1, 'Long'), p(paragraph)));
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
      if (i < chunks.length - 1) expect(chunk.text.length).toBeGreaterThan(CHUNK_MAX_CHARS * 0.6);
      expect(chunk.text.endsWith(end)).toBe(true);
      expect(chunk.heading).toBe('Long');
    }
    // Each chunk after the first starts with the end of the one before (no more than the overlap).
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1]!.text;
      const repeated = sentence.trim();
      expect(repeated.length).toBeLessThanOrEqual(CHUNK_OVERLAP_CHARS);
      expect(previous.endsWith(repeated)).toBe(true);
      expect(chunks[i]!.text.startsWith(repeated)).toBe(true);
    }
    // Nothing is lost: every sentence of the paragraph is in some chunk, in order.
    const joined = chunks.map((chunk) => chunk.text).join('');
    expect(joined.split(sentence.trim()).length - 1).toBeGreaterThanOrEqual(
      paragraph.split(sentence.trim()).length - 1,
    );
  });

  it('cuts a paragraph without any punctuation at spaces, and one without spaces at the size', () => {
    const words = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const chunks = chunkDocument(doc(p(words)));
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
      expect(chunk.text).toMatch(/^word\d+( word\d+)*$/);
    }
    const unbroken = '汉'.repeat(2000);
    expect(lengths(chunkDocument(doc(p(unbroken))))).toEqual([800, 800, 400]);
  });

  it('keeps a table whole when it fits, one line a row', () => {
    const chunks = chunkDocument(
      doc(
        h(1, 'Prices'),
        table([
          ['Plan', 'Price'],
          ['Basic', '10'],
          ['Pro', '20'],
        ]),
      ),
    );
    expect(chunks).toEqual([
      { ordinal: 0, heading: 'Prices', text: 'Plan | Price\nBasic | 10\nPro | 20', page: null },
    ]);
  });

  it('cuts a table too long for one chunk between rows, repeating its header row', () => {
    const rows = [['Name', 'Role', 'City']];
    for (let i = 0; i < 60; i++) rows.push([`Person ${i}`, `Engineer of team ${i}`, `City number ${i}`]);
    const chunks = chunkDocument(doc(table(rows)));
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
      expect(chunk.text.startsWith('Name | Role | City\nPerson ')).toBe(true);
    }
    const people = chunks.flatMap((chunk) => chunk.text.split('\n').slice(1));
    expect(people).toHaveLength(60);
  });

  it('keeps a code block whole when it fits, even beside other text', () => {
    const source = 'function add(a, b) {\n\n  return a + b;\n}';
    const chunks = chunkDocument(doc(p('Adding:'), code(source), p('Done.')));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.text).toBe(`Adding:\n${source}\nDone.`);
    const long = Array.from({ length: 80 }, (_, i) => `const value${i} = compute(${i});`).join('\n');
    const cut = chunkDocument(doc(code(long)));
    expect(cut.length).toBeGreaterThan(1);
    for (const chunk of cut) expect(chunk.text).toMatch(/^(const value\d+ = compute\(\d+\);\n?)+$/);
  });

  it('reads lists, quotes, hard breaks and attachments', () => {
    const chunks = chunkDocument(
      doc(
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [p('Milk')] },
            {
              type: 'listItem',
              content: [
                p('Bread'),
                { type: 'orderedList', content: [{ type: 'listItem', content: [p('Rye')] }] },
              ],
            },
          ],
        },
        { type: 'blockquote', content: [p('Quoted')] },
        { type: 'paragraph', content: [text('Line one'), { type: 'hardBreak' }, text('line two')] },
        { type: 'attachment', attrs: { name: 'budget.xlsx', url: '/x', size: 1, mime: '' } },
      ),
    );
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      '- Milk\n- Bread\n  1. Rye\nQuoted\nLine one\nline two\nbudget.xlsx',
    ]);
  });

  it('gives each chunk of paged text its page, never joining two pages', () => {
    const chunks = chunkPages([
      { page: 1, text: 'Cover page.' },
      { page: 2, text: `Intro.\n\n${CHINESE_SENTENCE.repeat(40)}` },
      { page: 3, text: 'End.' },
    ]);
    expect(chunks[0]).toEqual({ ordinal: 0, heading: '', text: 'Cover page.', page: 1 });
    expect(chunks.at(-1)).toMatchObject({ text: 'End.', page: 3 });
    const second = chunks.filter((chunk) => chunk.page === 2);
    expect(second.length).toBeGreaterThan(1);
    expect(second[0]!.text.startsWith('Intro.\n')).toBe(true);
    expect(chunks.map((chunk) => chunk.page)).toEqual([1, ...second.map(() => 2), 3]);
  });
});
