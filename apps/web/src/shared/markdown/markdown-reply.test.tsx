import '../../test/dom-setup.ts';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownReply } from './markdown-reply.tsx';

const rendered = (text: string) => render(<MarkdownReply text={text} />).container;

describe('a reply as Markdown', () => {
  it('lays out tables', () => {
    const table = rendered('| City | Days |\n| --- | --- |\n| Kyoto | 2 |').querySelector('table');
    expect(table?.querySelectorAll('td')[0]?.textContent).toBe('Kyoto');
  });

  it('typesets inline and display math', async () => {
    const page = rendered('Energy is $E = mc^2$.\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$');
    await waitFor(() => expect(page.querySelectorAll('.katex')).toHaveLength(2));
    expect(page.querySelector('.katex-display')).not.toBeNull();
    // The source stays for screen readers and copying (KaTeX's MathML annotation).
    expect(page.querySelector('annotation')?.textContent).toBe('E = mc^2');
  });

  it('shows math that does not parse as its source, not an error', async () => {
    const page = rendered('$\\frac{1}{$');
    await waitFor(() => expect(page.querySelector('.katex-error')?.textContent).toContain('\\frac{1}{'));
  });

  it('highlights code by its language', async () => {
    const page = rendered('```ts\nconst answer: number = 42; // the answer\n```');
    await waitFor(() => expect(page.querySelector('.hljs-keyword')?.textContent).toBe('const'));
    const code = page.querySelector('pre code');
    expect(code?.className).toContain('language-ts');
    expect(code?.querySelector('.hljs-comment')?.textContent).toBe('// the answer');
  });

  it('closes a code block still being written', () => {
    const page = rendered('Here:\n```python\nprint("hi")');
    expect(page.querySelector('pre code')?.textContent).toBe('print("hi")\n');
    expect(page.textContent).not.toContain('```');
  });

  it('keeps raw HTML as text', () => {
    const page = rendered('<img src=x onerror="alert(1)"> <script>alert(2)</script>');
    expect(page.querySelector('img')).toBeNull();
    expect(page.querySelector('script')).toBeNull();
  });
});
