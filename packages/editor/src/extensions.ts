import type { AnyExtension } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { Attachment } from './attachment.ts';
import { DeepHeading } from './heading.ts';

export interface DocumentSchemaOptions {
  /**
   * The collaborative editor takes undo from Yjs (each user undoes only their own changes), so
   * ProseMirror's own history is left out there.
   */
  collaborative?: boolean;
  /** The browser swaps in a highlighting code block; it must keep the node name `codeBlock` and its attributes. */
  codeBlock?: AnyExtension;
}

/**
 * Every node and mark a document may hold. The browser editor, the server's HTML/Markdown/DOCX conversions
 * and the Yjs state all use this one list: a node missing on one side would be dropped on the other.
 */
export function documentExtensions(options: DocumentSchemaOptions = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: false,
      codeBlock: options.codeBlock ? false : {},
      undoRedo: options.collaborative ? false : {},
      link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
    }),
    DeepHeading,
    ...(options.codeBlock ? [options.codeBlock] : []),
    TaskList,
    TaskItem.configure({ nested: true }),
    TableKit.configure({ table: { resizable: false } }),
    Image.configure({ inline: false, allowBase64: false }),
    Attachment,
  ];
}
