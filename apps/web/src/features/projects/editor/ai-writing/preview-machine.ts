import type { AiWritingAction, RewriteMode, TranslationTarget } from '@tandem/contract/ai-writing';
import { ERRORS } from '@tandem/contract/errors';

/**
 * The AI result preview under a selection: thinking, editing, timeout, error.
 * `thinking`: asked, nothing written yet. `editing`: the result is streaming in. `done`: the result is
 * complete, or the user ended it early (`isCut`), ready to accept, insert below, overwrite the original
 * or try again. `timeout` and `error`: the model did not answer, with the server's message.
 *
 * What the user can do: abort (while thinking or editing: the request stops and the preview closes,
 * the document untouched), end (while editing: the writing stops there and what came so far is the
 * result), keep (close the preview and keep the original as it was), accept / insert below /
 * overwrite the original (apply the result, then close), try again (ask anew, same selection).
 */

export type WritingTask = { action: AiWritingAction; mode?: RewriteMode; language?: TranslationTarget };

export type PreviewPhase = 'thinking' | 'editing' | 'done' | 'timeout' | 'error';

export type PreviewState = {
  phase: PreviewPhase;
  task: WritingTask;
  /** The result so far, as Markdown. */
  text: string;
  /**
   * Which request the preview shows (numbered by the caller, never reused in one editor); events of an
   * earlier one, still arriving after try again or a new start, are ignored.
   */
  attempt: number;
  /** Ended by the user before the model finished. */
  isCut: boolean;
  /** timeout and error: what to tell the user. */
  message: string;
};

export type PreviewEvent =
  | { type: 'start'; attempt: number; task: WritingTask }
  | { type: 'retry'; attempt: number }
  | { type: 'delta'; attempt: number; content: string }
  | { type: 'done'; attempt: number; content: string }
  | { type: 'failed'; attempt: number; code?: number; message: string }
  | { type: 'end' }
  | { type: 'abort' }
  | { type: 'close' };

const TIMEOUT_CODE = ERRORS.ANSWER_TIMEOUT.code;

export const isStreaming = (state: PreviewState | null) =>
  state?.phase === 'thinking' || state?.phase === 'editing';

/** Whether there is a result to put into the document. */
export const hasResult = (state: PreviewState | null) => state?.phase === 'done' && state.text.trim() !== '';

const asked = (task: WritingTask, attempt: number): PreviewState => ({
  phase: 'thinking',
  task,
  text: '',
  attempt,
  isCut: false,
  message: '',
});

export function previewReducer(state: PreviewState | null, event: PreviewEvent): PreviewState | null {
  switch (event.type) {
    case 'start':
      return asked(event.task, event.attempt);
    case 'retry':
      return state && asked(state.task, event.attempt);
    case 'close':
      return null;
    case 'abort':
      return isStreaming(state) ? null : state;
    case 'end':
      // Nothing written yet: nothing to keep, as abort.
      if (state?.phase === 'thinking') return null;
      return state?.phase === 'editing' ? { ...state, phase: 'done', isCut: true } : state;
  }
  if (!state || event.attempt !== state.attempt || !isStreaming(state)) return state;
  switch (event.type) {
    case 'delta':
      return { ...state, phase: 'editing', text: state.text + event.content };
    case 'done':
      return { ...state, phase: 'done', text: event.content || state.text };
    case 'failed':
      return { ...state, phase: event.code === TIMEOUT_CODE ? 'timeout' : 'error', message: event.message };
  }
}
