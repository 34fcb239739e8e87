import type { HocuspocusProvider } from '@hocuspocus/provider';
import { documentExtensions } from '@tandem/editor/extensions';
import type { AnyExtension } from '@tiptap/core';
import CodeBlockLowlight from '@tiptap/extension-code-block-lowlight';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import type * as Y from 'yjs';
import { DOCUMENT_FIELD } from '../collab/sync-status.ts';
import { lowlight } from './code-languages.ts';
import { FindReplace } from './find-replace.ts';

export type EditorExtensionOptions = {
  ydoc: Y.Doc;
  provider: HocuspocusProvider;
  user: { name: string; color: string };
};

/** The document schema shared with the server, plus what only the browser editor needs. */
export function editorExtensions(options: EditorExtensionOptions): AnyExtension[] {
  return [
    ...documentExtensions({
      collaborative: true,
      codeBlock: CodeBlockLowlight.configure({ lowlight, defaultLanguage: null }),
    }),
    // Yjs's undo manager: each user undoes only their own changes.
    Collaboration.configure({ document: options.ydoc, field: DOCUMENT_FIELD }),
    CollaborationCaret.configure({ provider: options.provider, user: options.user }),
    FindReplace,
  ];
}
