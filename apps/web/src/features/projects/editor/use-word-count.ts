import type { Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { countWords } from './word-count.ts';

const RECOUNT_DELAY_MS = 300;

/** The document's word count, recounted a moment after typing stops (a long document is long to count). */
export function useWordCount(editor: Editor | null) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!editor) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const recount = () => {
      const { doc } = editor.state;
      setCount(countWords(doc.textBetween(0, doc.content.size, '\n', ' ')));
    };
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(recount, RECOUNT_DELAY_MS);
    };
    recount();
    editor.on('update', later);
    return () => {
      clearTimeout(timer);
      editor.off('update', later);
    };
  }, [editor]);
  return count;
}
