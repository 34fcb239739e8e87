import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Space, Switch, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './load-failed.tsx';

/** Rows with a write in flight, and a runner that marks one while its write runs. */
export function useBusyRows() {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  async function run(id: number, work: () => Promise<unknown>) {
    setBusy((current) => new Set(current).add(id));
    try {
      await work();
    } catch {
      // Reported by the HTTP client.
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  }
  return { isBusy: (id: number) => busy.has(id), run };
}

type AdminRow = { id: number; name: string; enabled: boolean };

/**
 * The two last columns of both tables: the enabled switch, and edit and delete after whatever else
 * the row offers (its actions header is read by screen readers only).
 */
export function useRowColumns<T extends AdminRow>({
  isBusy,
  setEnabled,
  onEdit,
  onDelete,
  extraActions,
}: {
  isBusy: (id: number) => boolean;
  setEnabled: (row: T, enabled: boolean) => void;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  extraActions?: (row: T) => ReactNode;
}): TableColumnsType<T> {
  const { t } = useTranslation();
  return [
    {
      key: 'enabled',
      title: t('models_admin.enabled'),
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.enabled}
          loading={isBusy(row.id)}
          onChange={(checked) => setEnabled(row, checked)}
          aria-label={t('models_admin.enable_named', { name: row.name })}
        />
      ),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('models_admin.column_actions')}</span>,
      align: 'end',
      // Edit and delete stay in reach while a narrow table scrolls.
      fixed: 'end',
      render: (_, row) => (
        <Space size={4}>
          {extraActions?.(row)}
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => onEdit(row)}
            aria-label={t('models_admin.edit_named', { name: row.name })}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={isBusy(row.id)}
            onClick={() => onDelete(row)}
            aria-label={t('models_admin.delete_named', { name: row.name })}
          />
        </Space>
      ),
    },
  ];
}

/** One card of the screen: its title and hint, its buttons, its table. */
export function AdminSection({
  id,
  title,
  hint,
  actions,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="models-admin__card" aria-labelledby={id}>
      <header className="models-admin__card-header">
        <div>
          <h3 id={id}>{title}</h3>
          <p>{hint}</p>
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}

/** A list's table with its loading, empty and failed states. */
export function AdminTable<T extends { id: number }>({
  query,
  rows,
  columns,
  emptyText,
}: {
  query: UseQueryResult<T[]>;
  rows: T[];
  columns: TableColumnsType<T>;
  emptyText: string;
}) {
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={query.isPending}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: query.isPending ? ' ' : <Empty description={emptyText} /> }}
    />
  );
}
