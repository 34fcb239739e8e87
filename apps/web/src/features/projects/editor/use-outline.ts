import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';

/** A heading of the document: where it is, its level (1-9) and its text. */
export type OutlineItem = { pos: number; level: number; text: string };

const REREAD_DELAY_MS = 250;
/** A heading this far below the top of the window or less is the one being read. */
const READING_LINE_PX = 96;

/** The document's headings with text, in order; paragraphs' text is not walked. */
export function headingsOf(doc: ProseMirrorNode): OutlineItem[] {
  const items: OutlineItem[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === 'heading') {
      if (node.textContent) items.push({ pos, level: node.attrs.level as number, text: node.textContent });
      return false;
    }
    return !node.isTextblock;
  });
  return items;
}

/** The last heading whose top is above the reading line: a binary search, a few measurements. */
function headingBeingRead(editor: Editor, items: OutlineItem[]): number | null {
  const topOf = (item: OutlineItem) => {
    const dom = editor.view.nodeDOM(item.pos);
    return dom instanceof HTMLElement ? dom.getBoundingClientRect().top : Number.POSITIVE_INFINITY;
  };
  let low = 0;
  let high = items.length - 1;
  let found: number | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (topOf(items[middle]!) <= READING_LINE_PX) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found === null ? null : items[found]!.pos;
}

/**
 * The outline beside the text: the headings, read again a moment after typing stops, and the one the
 * reader is in, measured as they scroll. Nothing is measured per heading: Tiptap's table-of-contents
 * extension measured every heading after every change, which laid out the whole of a long document on
 * each keystroke (and on opening, a third of the time a 1 MB document took to open).
 */
export function useOutline(editor: Editor | null) {
  const [items, setItems] = useState<OutlineItem[]>([]);
  const [activePos, setActivePos] = useState<number | null>(null);

  useEffect(() => {
    if (!editor) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => setItems(headingsOf(editor.state.doc));
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(read, REREAD_DELAY_MS);
    };
    read();
    editor.on('update', later);
    return () => {
      clearTimeout(timer);
      editor.off('update', later);
    };
  }, [editor]);

  useEffect(() => {
    if (!editor || items.length === 0) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (!editor.isDestroyed) setActivePos(headingBeingRead(editor, items));
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(measure);
    };
    frame = requestAnimationFrame(measure);
    // Whichever element scrolls the page (the window, or the editor's pane).
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [editor, items]);

  return { items, activePos };
}
