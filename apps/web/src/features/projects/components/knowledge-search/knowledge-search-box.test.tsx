import '../../../../test/dom-setup.ts';
import type { KnowledgeSearchHit } from '@tandem/contract/knowledge';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render-app.tsx';
import { snippetParts } from '../../model/search-snippet.ts';
import { KnowledgeSearchBox } from './knowledge-search-box.tsx';

const SEARCH = '/api/knowledge/search';
const hit = (id: number, name: string, snippet: string, page: number | null = null): KnowledgeSearchHit => ({
  doc_id: id,
  doc_uniq_code: `d${id}`,
  doc_name: name,
  doc_kind: page === null ? 'doc' : 'pdf',
  snippet,
  score: 1,
  page,
});
const HITS = [
  hit(1, 'Release plan', 'The launch follows the <mark>security</mark> review.'),
  hit(2, 'Audit.pdf', 'Findings of the <mark>security</mark> audit &amp; &lt;b&gt;fixes&lt;/b&gt;', 4),
];

const renderBox = () => renderPage(<KnowledgeSearchBox projectId={31} />);
const box = () => screen.getByRole('combobox', { name: 'Search this project' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });

describe('the project search box', () => {
  it('asks once typing pauses, and lists titles with their matches highlighted as text', async () => {
    const api = fakeApi({ [SEARCH]: () => ({ data: { data: HITS } }) });
    await renderBox();
    fireEvent.focus(box());
    type('sec');
    type('security');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(api.calls.filter((call) => call.url === SEARCH).map((call) => call.params)).toEqual([
      { project_id: 31, query: 'security', limit: 10 },
    ]);
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.querySelector('.knowledge-search__name')?.textContent)).toEqual([
      'Release plan',
      'Audit.pdf',
    ]);
    expect([...list.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'security',
      'security',
    ]);
    // The escaped text of the document stays text: no element is made of it.
    expect(options[1]!.textContent).toContain('audit & <b>fixes</b>');
    expect(options[1]!.querySelector('b')).toBeNull();
    expect(within(options[1]!).getByText('Page 4')).toBeTruthy();
    // A PDF shows a PDF icon, a document a document's.
    expect(options.map((option) => option.querySelector('[data-kind]')?.getAttribute('aria-label'))).toEqual([
      'file-text',
      'file-pdf',
    ]);
    expect(screen.getByRole('status').textContent).toBe('2 documents found');
  });

  it('chooses with the arrows and opens with Enter, a PDF at its page', async () => {
    fakeApi({ [SEARCH]: () => ({ data: { data: HITS } }) });
    await renderBox();
    fireEvent.focus(box());
    type('security');
    await screen.findByRole('listbox');
    const [first, second] = screen.getAllByRole('option');
    expect(first!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(second!.id);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(first!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(await screen.findByText('landed on /projects/pdf/d2?page=4')).toBeTruthy();
  });

  it('opens a PDF found by its name alone in the PDF viewer', async () => {
    fakeApi({ [SEARCH]: () => ({ data: { data: [{ ...hit(5, 'Audit.pdf', ''), doc_kind: 'pdf' }] } }) });
    await renderBox();
    fireEvent.focus(box());
    type('audit');
    fireEvent.click(await screen.findByText('Audit.pdf'));
    expect(await screen.findByText('landed on /projects/pdf/d5')).toBeTruthy();
  });

  it('opens a document by a click, without a page', async () => {
    fakeApi({ [SEARCH]: () => ({ data: { data: HITS } }) });
    await renderBox();
    fireEvent.focus(box());
    type('security');
    fireEvent.click(await screen.findByText('Release plan'));
    expect(await screen.findByText('landed on /projects/d1')).toBeTruthy();
  });

  it('says when nothing matches, and Escape closes the results, then clears the box', async () => {
    fakeApi({ [SEARCH]: () => ({ data: { data: [] } }) });
    await renderBox();
    fireEvent.focus(box());
    type('zeppelin');
    expect(await screen.findByText('No documents match “zeppelin”.')).toBeTruthy();
    expect(box().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByText('No documents match “zeppelin”.')).toBeNull();
    expect(box().getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('shows that it is searching, and a failure with a retry', async () => {
    let answer: (value: { status: number; code: number; msg: string }) => void = () => {};
    let calls = 0;
    fakeApi({
      [SEARCH]: () => {
        calls++;
        if (calls > 1) return { data: { data: [HITS[0]] } };
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    });
    await renderBox();
    fireEvent.focus(box());
    type('security');
    expect(await screen.findByText('Searching…')).toBeTruthy();
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.getByText('Searching…')).toBeTruthy();
    answer({ status: 500, code: 1000, msg: 'boom' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Search failed.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
  });
});

describe('search snippets', () => {
  it('are read as text and marks, never as HTML', () => {
    expect(snippetParts('a <mark>b</mark> &lt;script&gt;alert(1)&lt;/script&gt; <mark>&amp;</mark>')).toEqual(
      [
        { text: 'a ', isMatch: false },
        { text: 'b', isMatch: true },
        { text: ' <script>alert(1)</script> ', isMatch: false },
        { text: '&', isMatch: true },
      ],
    );
  });
});
