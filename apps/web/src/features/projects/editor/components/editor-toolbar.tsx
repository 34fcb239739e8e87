import {
  BoldOutlined,
  CheckSquareOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  SearchOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Button, Divider, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockTypeSelect } from './block-type-select.tsx';
import { CodeLanguageSelect } from './code-language-select.tsx';
import { InsertMenu } from './insert-menu.tsx';
import { TableMenu } from './table-menu.tsx';

type Props = {
  editor: Editor;
  docId: number;
  onOpenLink(): void;
  onOpenFind(): void;
};

function ToolButton({
  label,
  icon,
  isActive = false,
  isDisabled = false,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  isActive?: boolean;
  isDisabled?: boolean;
  onClick(): void;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        className={isActive ? 'doc-toolbar__button is-active' : 'doc-toolbar__button'}
        aria-label={label}
        aria-pressed={isActive}
        disabled={isDisabled}
        icon={icon}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** The editor's toolbar: sticky above the text; rows that wrap, every tool in sight on a phone too. */
export function EditorToolbar({ editor, docId, onOpenLink, onOpenFind }: Props) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      code: current.isActive('code'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      taskList: current.isActive('taskList'),
      blockquote: current.isActive('blockquote'),
      codeBlock: current.isActive('codeBlock'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div className="doc-toolbar" role="toolbar" aria-label={t('doc_editor.toolbar')}>
      <ToolButton
        label={t('doc_editor.undo')}
        icon={<UndoOutlined />}
        isDisabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        label={t('doc_editor.redo')}
        icon={<RedoOutlined />}
        isDisabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
      <Divider orientation="vertical" />
      <BlockTypeSelect editor={editor} />
      {state.codeBlock && <CodeLanguageSelect editor={editor} />}
      <Divider orientation="vertical" />
      <ToolButton
        label={t('doc_editor.bold')}
        icon={<BoldOutlined />}
        isActive={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        label={t('doc_editor.italic')}
        icon={<ItalicOutlined />}
        isActive={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        label={t('doc_editor.underline')}
        icon={<UnderlineOutlined />}
        isActive={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        label={t('doc_editor.strike')}
        icon={<StrikethroughOutlined />}
        isActive={state.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      <ToolButton
        label={t('doc_editor.code')}
        icon={<CodeOutlined />}
        isActive={state.code}
        onClick={() => chain().toggleCode().run()}
      />
      <ToolButton
        label={t('doc_editor.link')}
        icon={<LinkOutlined />}
        isActive={state.link}
        onClick={onOpenLink}
      />
      <Divider orientation="vertical" />
      <ToolButton
        label={t('doc_editor.bullet_list')}
        icon={<UnorderedListOutlined />}
        isActive={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        label={t('doc_editor.ordered_list')}
        icon={<OrderedListOutlined />}
        isActive={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        label={t('doc_editor.task_list')}
        icon={<CheckSquareOutlined />}
        isActive={state.taskList}
        onClick={() => chain().toggleTaskList().run()}
      />
      <ToolButton
        label={t('doc_editor.quote')}
        icon={<span className="doc-toolbar__glyph">“</span>}
        isActive={state.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <ToolButton
        label={t('doc_editor.code_block')}
        icon={<span className="doc-toolbar__glyph">{'{}'}</span>}
        isActive={state.codeBlock}
        onClick={() => chain().toggleCodeBlock().run()}
      />
      <Divider orientation="vertical" />
      <TableMenu editor={editor} />
      <InsertMenu editor={editor} docId={docId} />
      <Divider orientation="vertical" />
      <ToolButton label={t('doc_editor.find_replace')} icon={<SearchOutlined />} onClick={onOpenFind} />
    </div>
  );
}
