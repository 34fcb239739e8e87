import { documentExtensions } from '@tandem/editor/extensions';
import CodeBlockLowlight from '@tiptap/extension-code-block-lowlight';
import { EditorContent, useEditor } from '@tiptap/react';
import { lowlight } from '../extensions/code-languages.ts';

/** A document's HTML in the editor's own schema and styles, not editable (a share link's copy). */
export function ReadOnlyDocument({ html }: { html: string }) {
  const editor = useEditor(
    {
      extensions: documentExtensions({ codeBlock: CodeBlockLowlight.configure({ lowlight }) }),
      content: html,
      editable: false,
      editorProps: { attributes: { class: 'doc-text' } },
    },
    [html],
  );
  return (
    <main className="doc-paper">
      <EditorContent editor={editor} />
    </main>
  );
}
