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
import { Button, Dropdown, type MenuProps, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableSizePicker } from './table-size-picker.tsx';

/** Insert a table of a picked size, or change the one the cursor is in (rows, columns, delete). */
export function TableMenu({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const isInTable = useEditorState({ editor, selector: ({ editor: current }) => current.isActive('table') });
  const chain = () => editor.chain().focus();
  const [isPickerOpen, setPickerOpen] = useState(false);
  const button = (
    <Button
      type="text"
      size="small"
      className={isInTable ? 'doc-toolbar__button is-active' : 'doc-toolbar__button'}
      aria-label={t('doc_editor.table')}
      title={t('doc_editor.table')}
      icon={<TableOutlined />}
    />
  );
  if (!isInTable) {
    // A new table: its size picked on a grid (rows × columns), with the mouse or the arrow keys.
    return (
      <Popover
        trigger={['click']}
        placement="bottomLeft"
        open={isPickerOpen}
        onOpenChange={setPickerOpen}
        // Open (its motion done): the picked cell takes focus, for the arrow keys.
        afterOpenChange={(isOpen) => {
          if (isOpen) document.querySelector<HTMLElement>('.doc-table-size__cell[tabindex="0"]')?.focus();
        }}
        title={t('doc_editor.table_insert')}
        destroyOnHidden
        content={
          <TableSizePicker
            onPick={({ rows, cols }) => {
              setPickerOpen(false);
              chain().insertTable({ rows, cols, withHeaderRow: true }).run();
            }}
          />
        }
      >
        {button}
      </Popover>
    );
  }
  const items: MenuProps['items'] = [
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
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      {button}
    </Dropdown>
  );
}
