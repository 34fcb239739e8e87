// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { pdfPages } from '../../../../test/pdf-text.ts';
import { type PdfMessage, renderConversationPdf } from './conversation-pdf.ts';

const at = new Date('2026-11-20T10:00:00Z');

/** A conversation of one question and one Markdown reply, as a PDF's pages of text. */
async function exported(reply: string, question = 'Explain, please.') {
  const messages: PdfMessage[] = [
    { role: 'user', content: question, createdAt: at, images: [] },
    { role: 'assistant', content: reply, createdAt: at, images: [] },
  ];
  const pdf = await renderConversationPdf({
    title: 'Maths',
    agentName: 'Tutor',
    isMarkdown: true,
    messages,
    omitted: 0,
    exportedAt: at,
    locale: 'en-US',
    timeZone: 'UTC',
  });
  return pdfPages(pdf);
}

/** Without white space: pdf.js reads the gap between two pieces of a line as a space or not at all. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

describe('math in an exported reply', () => {
  it('is set as math, not as its $…$ source', async () => {
    const pages = await exported(
      [
        'The area of a circle is $\\pi r^2$, and for $\\alpha \\le \\beta$ we have $x_i \\cdot y_i \\ne 0$.',
        '',
        '$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$',
        '',
        'Also $\\sqrt{a^2 + b^2}$ and $\\mathbb{R}$.',
        '',
        '$$',
        '\\int_0^1 x\\,dx = \\frac{1}{2}',
        '$$',
      ].join('\n'),
    );
    const text = pages.join('\n');
    for (const source of ['$', '\\pi', '\\frac', '\\sum', '\\le', '\\sqrt', '^', '_{', '\\mathbb']) {
      expect(text).not.toContain(source);
    }
    for (const symbol of ['π', 'α', '≤', 'β', '⋅', '≠', '∑', '√', '∫']) expect(text).toContain(symbol);
    expect(squeezed(text)).toContain('Theareaofacircleisπr2,andforα≤βwehavexi⋅yi≠0.');
    expect(squeezed(text)).toContain('∑i=1ni=(n(n+1))/2');
    expect(squeezed(text)).toContain('√(a2+b2)');
    expect(squeezed(text)).toContain('∫01xdx=1/2');
  });

  it('sets math in Chinese and Japanese text, and keeps TeX it cannot read as written, without dollars', async () => {
    const text = (
      await exported('圆的面积是 $\\pi r^2$。面積は $S = \\pi r^2$ です。壊れた式 $\\frac{1$ はそのまま。')
    ).join('\n');
    expect(squeezed(text)).toContain('圆的面积是πr2。面積はS=πr2です。壊れた式\\frac{1はそのまま。');
    expect(text).not.toContain('$');
  });
});

describe('a table in an exported reply', () => {
  it('repeats its header row at the top of each page it runs onto', async () => {
    const rows = Array.from(
      { length: 90 },
      (_, index) => `| Row ${String(index + 1).padStart(3, '0')} | ${index * 7} |`,
    );
    const pages = await exported(['| Region name | Quarterly score |', '| --- | --- |', ...rows].join('\n'));
    const tablePages = pages.filter((page) => page.includes('Row '));
    expect(tablePages.length).toBeGreaterThan(1);
    for (const page of tablePages) {
      expect(squeezed(page)).toContain('RegionnameQuarterlyscore');
      expect(page.indexOf('Region name')).toBeLessThan(page.indexOf('Row '));
    }
    // Every row once, none lost where a page breaks.
    const text = pages.join('\n');
    for (const row of ['001', '045', '090']) expect(text.split(`Row ${row}`).length - 1).toBe(1);
  });
});
