import { AI_WRITING_SELECTION_MAX } from '@tandem/contract/ai-writing';
import type { Editor } from '@tiptap/core';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { showNotice } from '../../../../shared/ui/notices.ts';
import { useDocChatBridge } from '../doc-chat-bridge.ts';
import { AI_MENU_KEY, AiBubbleMenu } from './ai-bubble-menu.tsx';
import { AiPreview } from './ai-preview.tsx';
import { hasResult, isStreaming, type WritingTask } from './preview-machine.ts';
import { selectedText, useAiWriting } from './use-ai-writing.ts';
import './ai-writing.css';

/** Where typing goes somewhere else than the editor: Enter there is not "accept". */
const isTypingElsewhere = (target: EventTarget | null, editor: Editor) =>
  target instanceof HTMLElement &&
  !editor.view.dom.contains(target) &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT|BUTTON|A)$/.test(target.tagName));

/**
 * The editor's AI actions: a menu over the selection, and the result's
 * preview under it. Escape aborts or closes the preview; Enter accepts a result (editors only).
 */
export default function AiWriting({
  editor,
  docId,
  canEdit,
}: {
  editor: Editor;
  docId: number;
  canEdit: boolean;
}) {
  const writing = useAiWriting(editor, docId);
  const { state } = writing;
  const latest = useRef({ writing, canEdit });
  latest.current = { writing, canEdit };
  const isOpen = state !== null;

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const { writing: current, canEdit: mayApply } = latest.current;
      if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'Escape') {
        // Captured before the editor and any dialog: the preview is the innermost thing open.
        event.preventDefault();
        event.stopPropagation();
        if (isStreaming(current.state)) current.abort();
        else current.close();
      } else if (
        event.key === 'Enter' &&
        !event.shiftKey &&
        mayApply &&
        hasResult(current.state) &&
        !isTypingElsewhere(event.target, editor)
      ) {
        event.preventDefault();
        event.stopPropagation();
        current.apply('accept');
      }
    };
    addEventListener('keydown', onKeyDown, { capture: true });
    return () => removeEventListener('keydown', onKeyDown, { capture: true });
  }, [isOpen, editor]);

  function onTask(task: WritingTask) {
    const { from, to } = editor.state.selection;
    if (selectedText(editor, { from, to }).length > AI_WRITING_SELECTION_MAX) {
      showNotice({ key: 'ai_writing.too_long', values: { max: AI_WRITING_SELECTION_MAX } }, 'warning');
      return;
    }
    editor.view.dispatch(editor.state.tr.setMeta(AI_MENU_KEY, 'hide'));
    writing.start(task);
  }

  function onHand(kind: 'quote' | 'add') {
    const { from, to } = editor.state.selection;
    const text = selectedText(editor, { from, to });
    if (text) useDocChatBridge.getState().hand(kind, text);
  }

  return (
    <>
      <AiBubbleMenu
        editor={editor}
        canEdit={canEdit}
        isPreviewOpen={isOpen}
        onTask={onTask}
        onHand={onHand}
      />
      {isOpen && createPortal(<AiPreview writing={writing} canEdit={canEdit} />, writing.host)}
    </>
  );
}
