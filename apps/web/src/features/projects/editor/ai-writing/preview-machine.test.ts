import { ERRORS } from '@tandem/contract/errors';
import { describe, expect, it } from 'vitest';
import {
  hasResult,
  isStreaming,
  type PreviewEvent,
  type PreviewState,
  previewReducer,
} from './preview-machine.ts';

const run = (events: PreviewEvent[], from: PreviewState | null = null) => events.reduce(previewReducer, from);
const start: PreviewEvent = { type: 'start', attempt: 1, task: { action: 'rewrite', mode: 'simplify' } };

describe('the AI result preview', () => {
  it('thinks until the first words, edits while they stream, and is done with the whole result', () => {
    const thinking = run([start]);
    expect(thinking).toMatchObject({ phase: 'thinking', text: '', attempt: 1 });
    expect(isStreaming(thinking)).toBe(true);
    const editing = run([{ type: 'delta', attempt: 1, content: 'Short' }], thinking);
    expect(editing).toMatchObject({ phase: 'editing', text: 'Short' });
    const done = run(
      [
        { type: 'delta', attempt: 1, content: ' and' },
        { type: 'done', attempt: 1, content: 'Short and plain.' },
      ],
      editing,
    );
    expect(done).toMatchObject({ phase: 'done', text: 'Short and plain.', isCut: false });
    expect(hasResult(done)).toBe(true);
    expect(isStreaming(done)).toBe(false);
  });

  it('shows a timeout apart from other errors, with the server’s message', () => {
    expect(
      run([start, { type: 'failed', attempt: 1, code: ERRORS.ANSWER_TIMEOUT.code, message: 'Timed out' }]),
    ).toMatchObject({ phase: 'timeout', message: 'Timed out' });
    const failed = run([
      start,
      { type: 'delta', attempt: 1, content: 'Half' },
      { type: 'failed', attempt: 1, code: ERRORS.POINTS_NOT_ENOUGH.code, message: 'Not enough points' },
    ]);
    expect(failed).toMatchObject({ phase: 'error', message: 'Not enough points' });
    expect(hasResult(failed)).toBe(false);
  });

  it('closes on abort while asking, leaving nothing to apply', () => {
    expect(run([start, { type: 'abort' }])).toBeNull();
    expect(run([start, { type: 'delta', attempt: 1, content: 'Half' }, { type: 'abort' }])).toBeNull();
    // Abort means nothing once the result is complete.
    const done = run([start, { type: 'done', attempt: 1, content: 'All' }]);
    expect(run([{ type: 'abort' }], done)).toBe(done);
  });

  it('ends the writing where it is and keeps what came so far as the result', () => {
    const cut = run([start, { type: 'delta', attempt: 1, content: 'Half a' }, { type: 'end' }]);
    expect(cut).toMatchObject({ phase: 'done', text: 'Half a', isCut: true });
    expect(hasResult(cut)).toBe(true);
    // What the model still sends after the end changes nothing.
    expect(run([{ type: 'delta', attempt: 1, content: ' sentence' }], cut)).toBe(cut);
    // Nothing written yet: ending is aborting.
    expect(run([start, { type: 'end' }])).toBeNull();
  });

  it('tries again from thinking, ignoring what the earlier request still sends', () => {
    const again = run([start, { type: 'done', attempt: 1, content: 'First' }, { type: 'retry', attempt: 2 }]);
    expect(again).toMatchObject({ phase: 'thinking', text: '', attempt: 2, task: { mode: 'simplify' } });
    expect(run([{ type: 'delta', attempt: 1, content: 'stale' }], again)).toBe(again);
    expect(run([{ type: 'delta', attempt: 2, content: 'Second' }], again)).toMatchObject({ text: 'Second' });
    // A timeout is tried again the same way.
    const timedOut = run([
      start,
      { type: 'failed', attempt: 1, code: ERRORS.ANSWER_TIMEOUT.code, message: '' },
    ]);
    expect(run([{ type: 'retry', attempt: 2 }], timedOut)).toMatchObject({ phase: 'thinking', attempt: 2 });
  });

  it('shows a new request after closing, not the late events of the one before', () => {
    const closed = run([start, { type: 'done', attempt: 1, content: 'First' }, { type: 'close' }]);
    const next = run([{ type: 'start', attempt: 2, task: { action: 'explain' } }], closed);
    expect(run([{ type: 'delta', attempt: 1, content: 'late' }], next)).toBe(next);
    expect(run([{ type: 'delta', attempt: 2, content: 'Why' }], next)).toMatchObject({ text: 'Why' });
  });

  it('keeps the original by closing, whatever the phase', () => {
    const done = run([start, { type: 'done', attempt: 1, content: 'All' }]);
    expect(run([{ type: 'close' }], done)).toBeNull();
    expect(run([{ type: 'retry', attempt: 2 }], null)).toBeNull();
  });

  it('has no result to apply from an empty answer', () => {
    expect(hasResult(run([start, { type: 'done', attempt: 1, content: '  ' }]))).toBe(false);
  });
});
