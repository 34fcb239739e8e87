import '../../test/dom-setup.ts';
import type { Citation } from '@tandem/contract/citation';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-app.tsx';
import { Citations } from './citations.tsx';

const sources: Citation[] = [
  {
    n: 1,
    doc_id: 7,
    doc_uniq_code: 'landing-code',
    doc_name: 'Landing guide',
    snippet: 'The zeppelin lands at noon.',
    heading: 'Landing',
    page: null,
    available: true,
    cited: true,
  },
  {
    n: 2,
    doc_id: 8,
    doc_uniq_code: 'atlas-code',
    doc_name: 'Atlas.pdf',
    snippet: 'Glaciers on page four.',
    heading: '',
    page: 4,
    available: true,
    cited: true,
  },
  {
    n: 3,
    doc_id: 9,
    doc_uniq_code: '',
    doc_name: '',
    snippet: '',
    heading: '',
    page: null,
    available: false,
    cited: true,
  },
];

describe("a reply's sources", () => {
  it('open each document, a PDF at its page, and say which ones cannot be opened', async () => {
    const { router } = await renderPage(<Citations citations={sources} />);
    expect(screen.getByText('Sources')).toBeTruthy();
    expect(screen.getByText('The zeppelin lands at noon.')).toBeTruthy();
    expect(screen.getByText(/p\. 4/)).toBeTruthy();
    expect(screen.getByText('Source unavailable: deleted, or not yours to read')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open source 2: Atlas.pdf' }).getAttribute('href')).toBe(
      '/projects/atlas-code?page=4',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Open source 1: Landing guide' }));
    expect(router.state.location.pathname).toBe('/projects/landing-code');
  });

  it('list the sources a reply consulted without citing them, after the cited ones', async () => {
    const [landing, atlas] = sources as [Citation, Citation];
    const consulted = { ...atlas, cited: false };
    const { container } = await renderPage(<Citations citations={[landing, consulted]} />);
    expect(screen.getByText('Sources')).toBeTruthy();
    expect(screen.getByText('Also consulted')).toBeTruthy();
    const names = [...container.querySelectorAll('.chat-citation__link')].map((link) =>
      link.textContent?.trim(),
    );
    expect(names).toEqual(['Landing guide', 'Atlas.pdf · p. 4']);
    // Only the cited one carries a number.
    expect([...container.querySelectorAll('.chat-citation__number')].map((n) => n.textContent)).toEqual([
      '[1]',
    ]);
  });

  it('show what a reply drew on when its text cites nothing', async () => {
    const uncited = sources.slice(0, 2).map((source) => ({ ...source, cited: false }));
    await renderPage(<Citations citations={uncited} />);
    expect(screen.getByText('Sources consulted')).toBeTruthy();
    expect(screen.queryByText('Also consulted')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open source 1: Landing guide' }).getAttribute('href')).toBe(
      '/projects/landing-code?at=Landing',
    );
  });
});
