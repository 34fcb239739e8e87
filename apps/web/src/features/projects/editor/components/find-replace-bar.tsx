import { CloseOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Button, Checkbox, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPosition } from '../extensions/find-replace.ts';

/** Find (and, for editors, replace) in the document; Esc closes it and clears the highlights. */
export function FindReplaceBar({
  editor,
  canEdit,
  onClose,
}: {
  editor: Editor;
  canEdit: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [replace, setReplace] = useState('');
  const [caseSensitive, setCaseSensitive] = useState(false);
  const position = useEditorState({
    editor,
    selector: ({ editor: current }) => matchPosition(current.state),
  });

  useEffect(() => {
    editor.commands.setFindQuery({ search, replace, caseSensitive });
  }, [editor, search, replace, caseSensitive]);
  useEffect(() => () => void editor.commands.clearFindQuery(), [editor]);

  const next = () => editor.commands.findNextMatch();
  // Esc closes the bar wherever focus is: a button that the last replacement disabled drops it.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    addEventListener('keydown', onKeyDown);
    return () => removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <search className="doc-find">
      <Input
        autoFocus
        size="small"
        className="doc-find__input"
        value={search}
        placeholder={t('doc_editor.find_placeholder')}
        aria-label={t('doc_editor.find_placeholder')}
        onChange={(event) => {
          const next = event.target.value;
          setSearch(next);
          // A new query goes to its first match from the top, as find does in other editors.
          editor.commands.setFindQuery({ search: next, replace, caseSensitive });
          if (next) {
            editor.commands.setTextSelection(1);
            editor.commands.findNextMatch();
          }
        }}
        onPressEnter={(event) => (event.shiftKey ? editor.commands.findPreviousMatch() : next())}
        suffix={
          <span className="doc-find__count" aria-live="polite">
            {search ? t('doc_editor.match_position', position) : ''}
          </span>
        }
      />
      <Button
        size="small"
        type="text"
        icon={<UpOutlined />}
        aria-label={t('doc_editor.find_previous')}
        title={t('doc_editor.find_previous')}
        disabled={!position.total}
        onClick={() => editor.commands.findPreviousMatch()}
      />
      <Button
        size="small"
        type="text"
        icon={<DownOutlined />}
        aria-label={t('doc_editor.find_next')}
        title={t('doc_editor.find_next')}
        disabled={!position.total}
        onClick={next}
      />
      <Checkbox checked={caseSensitive} onChange={(event) => setCaseSensitive(event.target.checked)}>
        {t('doc_editor.match_case')}
      </Checkbox>
      {canEdit && (
        <>
          <Input
            size="small"
            className="doc-find__input"
            value={replace}
            placeholder={t('doc_editor.replace_placeholder')}
            aria-label={t('doc_editor.replace_placeholder')}
            onChange={(event) => setReplace(event.target.value)}
            onPressEnter={() => editor.commands.replaceNextMatch()}
          />
          <Button size="small" disabled={!position.total} onClick={() => editor.commands.replaceNextMatch()}>
            {t('doc_editor.replace')}
          </Button>
          <Button size="small" disabled={!position.total} onClick={() => editor.commands.replaceAllMatches()}>
            {t('doc_editor.replace_all')}
          </Button>
        </>
      )}
      <Button
        size="small"
        type="text"
        icon={<CloseOutlined />}
        aria-label={t('common.close')}
        title={t('common.close')}
        onClick={onClose}
      />
    </search>
  );
}
