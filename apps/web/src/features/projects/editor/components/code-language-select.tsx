import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE_LANGUAGES } from '../extensions/code-languages.ts';

const PLAIN = '';

/** The language of the code block the cursor is in (highlighting follows it). */
export function CodeLanguageSelect({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const language = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      (current.getAttributes('codeBlock').language as string | null) ?? PLAIN,
  });
  return (
    <Select
      size="small"
      variant="borderless"
      className="doc-toolbar__language"
      aria-label={t('doc_editor.code_language')}
      popupMatchSelectWidth={false}
      showSearch
      value={language}
      options={[
        { value: PLAIN, label: t('doc_editor.plain_text') },
        ...Object.entries(CODE_LANGUAGES).map(([value, label]) => ({ value, label })),
      ]}
      onChange={(value: string) =>
        editor
          .chain()
          .focus()
          .updateAttributes('codeBlock', { language: value || null })
          .run()
      }
    />
  );
}
