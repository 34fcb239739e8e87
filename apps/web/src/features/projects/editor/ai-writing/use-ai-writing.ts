import { AI_WRITING_CONTEXT_MAX } from '@tandem/contract/ai-writing';
import type { Editor } from '@tiptap/core';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/http-client.ts';
import { streamAiWrite } from './ai-writing-api.ts';
import { type ApplyHow, applyResult } from './apply-result.ts';
import {
  clearPreviewAnchor,
  previewAnchorPlugin,
  previewRange,
  type SourceRange,
  setPreviewAnchor,
} from './preview-anchor.ts';
import { hasResult, isStreaming, previewReducer, type WritingTask } from './preview-machine.ts';

/** The text around the selection the model reads, as much as the server takes. */
function contextOf(editor: Editor, range: SourceRange) {
  const { doc } = editor.state;
  // Positions count at least one per character: this many always hold the context's characters.
  const reach = AI_WRITING_CONTEXT_MAX * 2;
  return {
    context_before: doc
      .textBetween(Math.max(0, range.from - reach), range.from, '\n', ' ')
      .slice(-AI_WRITING_CONTEXT_MAX),
    context_after: doc
      .textBetween(range.to, Math.min(doc.content.size, range.to + reach), '\n', ' ')
      .slice(0, AI_WRITING_CONTEXT_MAX),
  };
}

export const selectedText = (editor: Editor, range: SourceRange) =>
  editor.state.doc.textBetween(range.from, range.to, '\n\n', ' ').trim();

/**
 * The AI actions of one editor: starts a request on the selection, streams its result into the preview
 * state, and applies or drops it. The preview renders into `host` (a widget under the selection).
 */
export function useAiWriting(editor: Editor, docId: number) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(previewReducer, null);
  const [host] = useState(() => document.createElement('div'));
  const request = useRef<{ controller: AbortController; body: Parameters<typeof streamAiWrite>[0] } | null>(
    null,
  );
  const attempt = useRef(0);

  useEffect(() => {
    const plugin = previewAnchorPlugin(host);
    editor.registerPlugin(plugin);
    return () => {
      request.current?.controller.abort();
      if (!editor.isDestroyed) editor.unregisterPlugin(plugin.spec.key!);
    };
  }, [editor, host]);

  const stop = () => request.current?.controller.abort();

  const run = useCallback(
    async (body: Parameters<typeof streamAiWrite>[0], at: number) => {
      const controller = new AbortController();
      request.current = { controller, body };
      try {
        for await (const event of streamAiWrite(body, controller.signal)) {
          if (event.type === 'delta') dispatch({ type: 'delta', attempt: at, content: event.content });
          else if (event.type === 'done') dispatch({ type: 'done', attempt: at, content: event.content });
          else if (event.type === 'error')
            dispatch({ type: 'failed', attempt: at, code: event.code, message: event.msg });
        }
        // Cut off without an end (a proxy closed it): whatever came is not a whole result.
        if (!controller.signal.aborted)
          dispatch({ type: 'failed', attempt: at, message: t('ai_writing.error_network') });
      } catch (error) {
        if (controller.signal.aborted) return;
        const isNetwork = !(error instanceof ApiError) || error.kind === 'network';
        dispatch({
          type: 'failed',
          attempt: at,
          code: error instanceof ApiError ? error.code : undefined,
          message: isNetwork ? t('ai_writing.error_network') : (error as ApiError).message,
        });
      }
    },
    [t],
  );

  /** Asks for `task` on the current selection. */
  function start(task: WritingTask) {
    const { from, to } = editor.state.selection;
    const range = { from, to };
    stop();
    setPreviewAnchor(editor, range);
    attempt.current += 1;
    dispatch({ type: 'start', attempt: attempt.current, task });
    void run(
      { doc_id: docId, ...task, text: selectedText(editor, range), ...contextOf(editor, range) },
      attempt.current,
    );
  }

  function retry() {
    const body = request.current?.body;
    const range = previewRange(editor);
    if (!body || !range) return;
    stop();
    attempt.current += 1;
    dispatch({ type: 'retry', attempt: attempt.current });
    // The same words as before, unless someone changed them meanwhile.
    const text = selectedText(editor, range) || body.text;
    void run({ ...body, text, ...contextOf(editor, range) }, attempt.current);
  }

  function close() {
    stop();
    dispatch({ type: 'close' });
    clearPreviewAnchor(editor);
  }

  function abort() {
    stop();
    dispatch({ type: 'abort' });
    clearPreviewAnchor(editor);
  }

  function end() {
    // Nothing written yet: the same as abort.
    if (state?.phase === 'thinking') return abort();
    stop();
    dispatch({ type: 'end' });
  }

  function apply(how: ApplyHow) {
    const range = previewRange(editor);
    if (!range || !state || !hasResult(state)) return;
    applyResult(editor, range, state.text, how);
    close();
  }

  return { state, host, isStreaming: isStreaming(state), start, retry, close, abort, end, apply };
}

export type AiWriting = ReturnType<typeof useAiWriting>;
