import {
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  InsertRowAboveOutlined,
  InsertRowBelowOutlined,
  InsertRowLeftOutlined,
  InsertRowRightOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** Insert a table, or change the one the cursor is in (rows, columns, delete). */
export function TableMenu({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const isInTable = useEditorState({ editor, selector: ({ editor: current }) => current.isActive('table') });
  const chain = () => editor.chain().focus();
  const items: MenuProps['items'] = isInTable
    ? [
        {
          key: 'row-above',
          icon: <InsertRowAboveOutlined />,
          label: t('doc_editor.table_row_above'),
          onClick: () => chain().addRowBefore().run(),
        },
        {
          key: 'row-below',
          icon: <InsertRowBelowOutlined />,
          label: t('doc_editor.table_row_below'),
          onClick: () => chain().addRowAfter().run(),
        },
        {
          key: 'col-left',
          icon: <InsertRowLeftOutlined />,
          label: t('doc_editor.table_column_left'),
          onClick: () => chain().addColumnBefore().run(),
        },
        {
          key: 'col-right',
          icon: <InsertRowRightOutlined />,
          label: t('doc_editor.table_column_right'),
          onClick: () => chain().addColumnAfter().run(),
        },
        { type: 'divider' },
        {
          key: 'delete-row',
          icon: <DeleteRowOutlined />,
          label: t('doc_editor.table_delete_row'),
          onClick: () => chain().deleteRow().run(),
        },
        {
          key: 'delete-col',
          icon: <DeleteColumnOutlined />,
          label: t('doc_editor.table_delete_column'),
          onClick: () => chain().deleteColumn().run(),
        },
        {
          key: 'delete-table',
          icon: <DeleteOutlined />,
          danger: true,
          label: t('doc_editor.table_delete'),
          onClick: () => chain().deleteTable().run(),
        },
      ]
    : [
        {
          key: 'insert',
          icon: <TableOutlined />,
          label: t('doc_editor.table_insert'),
          onClick: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
        },
      ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button
        type="text"
        size="small"
        className={isInTable ? 'doc-toolbar__button is-active' : 'doc-toolbar__button'}
        aria-label={t('doc_editor.table')}
        title={t('doc_editor.table')}
        icon={<TableOutlined />}
      />
    </Dropdown>
  );
}
