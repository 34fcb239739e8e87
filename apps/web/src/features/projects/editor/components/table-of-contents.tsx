import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import type { OutlineItem } from '../use-outline.ts';

/** The document's headings beside the text; a click scrolls to one and puts the cursor there. */
export function TableOfContents({
  editor,
  items,
  activePos,
  onPicked,
}: {
  editor: Editor;
  items: OutlineItem[];
  /** The heading the reader is in. */
  activePos: number | null;
  onPicked?(): void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="doc-toc__empty">{t('doc_editor.toc_empty')}</p>;
  return (
    <ol className="doc-toc__list">
      {items.map((item) => (
        <li key={item.pos} className={item.pos === activePos ? 'doc-toc__item is-active' : 'doc-toc__item'}>
          <button
            type="button"
            className="doc-toc__link"
            style={{ paddingInlineStart: `${(Math.min(item.level, 9) - 1) * 8 + 8}px` }}
            onClick={() => {
              const heading = editor.view.nodeDOM(item.pos);
              if (heading instanceof HTMLElement)
                heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
              editor
                .chain()
                .setTextSelection(item.pos + 1)
                .run();
              onPicked?.();
            }}
          >
            {item.text}
          </button>
        </li>
      ))}
    </ol>
  );
}
