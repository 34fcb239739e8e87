import type { TableOfContentData } from '@tiptap/extension-table-of-contents';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';

/** The document's headings beside the text; a click scrolls to one and puts the cursor there. */
export function TableOfContents({
  editor,
  items,
  onPicked,
}: {
  editor: Editor;
  items: TableOfContentData;
  onPicked?(): void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="doc-toc__empty">{t('doc_editor.toc_empty')}</p>;
  return (
    <ol className="doc-toc__list">
      {items.map((item) => (
        <li key={item.id} className={item.isActive ? 'doc-toc__item is-active' : 'doc-toc__item'}>
          <button
            type="button"
            className="doc-toc__link"
            // `originalLevel` is the heading's own level; `level` is its depth in the outline.
            style={{ paddingInlineStart: `${(Math.min(item.originalLevel, 9) - 1) * 8 + 8}px` }}
            onClick={() => {
              item.dom.scrollIntoView({ behavior: 'smooth', block: 'start' });
              editor
                .chain()
                .setTextSelection(item.pos + 1)
                .run();
              onPicked?.();
            }}
          >
            {item.textContent || t('doc_editor.untitled_heading')}
          </button>
        </li>
      ))}
    </ol>
  );
}
