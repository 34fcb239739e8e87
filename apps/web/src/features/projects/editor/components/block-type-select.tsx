import { HEADING_LEVELS, type HeadingLevel } from '@tandem/editor/heading';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

const PARAGRAPH = 0;

/** Paragraph or heading 1-9 for the block the cursor is in. */
export function BlockTypeSelect({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const level = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      HEADING_LEVELS.find((candidate) => current.isActive('heading', { level: candidate })) ?? PARAGRAPH,
  });
  const options = [
    { value: PARAGRAPH, label: t('doc_editor.paragraph') },
    ...HEADING_LEVELS.map((value) => ({ value, label: t('doc_editor.heading', { level: value }) })),
  ];
  return (
    <Select
      size="small"
      variant="borderless"
      className="doc-toolbar__block-type"
      aria-label={t('doc_editor.block_type')}
      popupMatchSelectWidth={false}
      value={level}
      options={options}
      // The list previews each level's size; the toolbar keeps one line height.
      optionRender={({ value, label }) => (
        <span className={`doc-block-option doc-block-option--${value}`}>{label}</span>
      )}
      onChange={(value: number) => {
        const chain = editor.chain().focus();
        if (value === PARAGRAPH) chain.setParagraph().run();
        else chain.setHeading({ level: value as HeadingLevel } as never).run();
      }}
    />
  );
}
