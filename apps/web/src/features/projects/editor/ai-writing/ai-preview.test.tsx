import { AI_WRITING_API } from '@tandem/contract/ai-writing';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../../../test/dom-setup.ts';
import { fakeApi } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render-app.tsx';
import { AiPreview } from './ai-preview.tsx';
import type { PreviewState } from './preview-machine.ts';
import type { AiWriting } from './use-ai-writing.ts';

const writingOf = (state: PreviewState): AiWriting =>
  ({
    state,
    host: document.createElement('div'),
    isStreaming: state.phase === 'thinking' || state.phase === 'editing',
    start: vi.fn(),
    retry: vi.fn(),
    close: vi.fn(),
    abort: vi.fn(),
    end: vi.fn(),
    apply: vi.fn(),
  }) as AiWriting;

const state = (fields: Partial<PreviewState>): PreviewState => ({
  phase: 'done',
  task: { action: 'translate', language: 'ja' },
  text: '',
  attempt: 1,
  isCut: false,
  message: '',
  ...fields,
});

const buttons = () => screen.getAllByRole('button').map((button) => button.textContent);

async function show(preview: PreviewState, canEdit = true) {
  fakeApi({
    [AI_WRITING_API.writingModel]: () => ({ data: { id: 1, name: 'Fast', points_per_request: 2 } }),
  });
  const writing = writingOf(preview);
  await renderPage(<AiPreview writing={writing} canEdit={canEdit} />);
  await screen.findByRole('region', { name: 'AI result' });
  return writing;
}

describe('the AI result preview', () => {
  it('while thinking offers only abort, and says what it does', async () => {
    const writing = await show(state({ phase: 'thinking' }));
    expect(screen.getByText('Translate into Japanese')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Thinking…');
    expect(buttons()).toEqual(['Abort']);
    expect(await screen.findByText('2 points per request')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Abort$/ }));
    expect(writing.abort).toHaveBeenCalled();
  });

  it('while editing shows the text so far as Markdown, with end and abort', async () => {
    const writing = await show(state({ phase: 'editing', text: 'Some **bold** words' }));
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByRole('status').textContent).toBe('Editing…');
    expect(buttons()).toEqual(['End', 'Abort']);
    fireEvent.click(screen.getByRole('button', { name: /End$/ }));
    expect(writing.end).toHaveBeenCalled();
  });

  it('with a result lets an editor accept, insert below, overwrite, try again or keep the original', async () => {
    const writing = await show(state({ text: 'Result' }));
    expect(buttons()).toEqual([
      'Replace selection',
      'Insert below',
      'Replace paragraphs',
      'Try again',
      'Keep original',
    ]);
    // Each says where the result goes, past its name: with the button (read out) and on hover.
    const said = (name: string) => {
      const button = screen.getByRole('button', { name: new RegExp(`${name}$`) });
      return document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;
    };
    expect(said('Replace selection')).toBe('The result takes the place of the selected text only.');
    expect(said('Insert below')).toBe('The result goes under the paragraph; your text stays as it is.');
    expect(said('Replace paragraphs')).toBe(
      'The result takes the place of every paragraph the selection touches, whole.',
    );
    fireEvent.mouseEnter(screen.getByRole('button', { name: /Replace paragraphs$/ }));
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'The result takes the place of every paragraph the selection touches, whole.',
    );
    fireEvent.click(screen.getByRole('button', { name: /Replace paragraphs$/ }));
    expect(writing.apply).toHaveBeenCalledWith('overwrite');
    fireEvent.click(screen.getByRole('button', { name: /Insert below$/ }));
    expect(writing.apply).toHaveBeenCalledWith('insert_below');
    fireEvent.click(screen.getByRole('button', { name: /Keep original$/ }));
    expect(writing.close).toHaveBeenCalled();
  });

  it('gives a reader no way to change the document', async () => {
    await show(state({ text: 'Result' }), false);
    expect(buttons()).toEqual(['Copy', 'Try again', 'Close']);
  });

  it('shows a timeout and an error with their messages, and offers to try again', async () => {
    const writing = await show(
      state({ phase: 'timeout', message: 'The answer timed out. Please retry later.' }),
    );
    expect(screen.getByRole('status').textContent).toBe('Timed out');
    expect(screen.getByText('The answer timed out. Please retry later.')).toBeTruthy();
    expect(buttons()).toEqual(['Try again', 'Keep original']);
    fireEvent.click(screen.getByRole('button', { name: /Try again$/ }));
    expect(writing.retry).toHaveBeenCalled();
  });
});
