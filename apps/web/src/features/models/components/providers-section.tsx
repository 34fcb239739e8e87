import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import {
  deleteProvider,
  type ModelProvider,
  providersQuery,
  saveProvider,
  type TestProviderData,
  testProvider,
} from '../api/providers.ts';
import { AdminSection, AdminTable, useBusyRows, useRowColumns } from './admin-table.tsx';
import { kindLabel, ProviderDialog } from './provider-dialog.tsx';
import { TestResult } from './test-result.tsx';

type Editing = { provider?: ModelProvider } | null;

/** The providers table: add, edit, switch on and off, test and delete. */
export function ProvidersSection({ onChanged }: { onChanged: () => Promise<void> }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const providers = useQuery(providersQuery);
  const [editing, setEditing] = useState<Editing>(null);
  const [tested, setTested] = useState<{ name: string; result: TestProviderData } | null>(null);
  const { isBusy, run } = useBusyRows();

  const setEnabled = (provider: ModelProvider, enabled: boolean) =>
    run(provider.id, async () => {
      await saveProvider({
        id: provider.id,
        name: provider.name,
        kind: provider.kind,
        base_url: provider.base_url,
        enabled,
      });
      await onChanged();
    });

  const test = (provider: ModelProvider) =>
    run(provider.id, async () => {
      setTested(null);
      const result = await testProvider({
        id: provider.id,
        kind: provider.kind,
        base_url: provider.base_url,
      });
      setTested({ name: provider.name, result });
    });

  function confirmDelete(provider: ModelProvider) {
    modal.confirm({
      title: t('models_admin.delete_provider_title', { name: provider.name }),
      content: t('models_admin.delete_provider_body', { count: provider.model_count }),
      okText: t('models_admin.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        run(provider.id, async () => {
          await deleteProvider(provider.id);
          showNotice({ key: 'models_admin.deleted' }, 'success');
          await onChanged();
        }),
    });
  }

  const rowColumns = useRowColumns<ModelProvider>({
    isBusy,
    setEnabled: (provider, enabled) => void setEnabled(provider, enabled),
    onEdit: (provider) => setEditing({ provider }),
    onDelete: confirmDelete,
    extraActions: (provider) => (
      <Button
        size="small"
        icon={<ApiOutlined />}
        disabled={isBusy(provider.id)}
        onClick={() => void test(provider)}
        aria-label={t('models_admin.test_named', { name: provider.name })}
      >
        {t('models_admin.test')}
      </Button>
    ),
  });
  const columns: TableColumnsType<ModelProvider> = [
    {
      key: 'name',
      title: t('models_admin.provider_name'),
      render: (_, provider) => (
        <span className="models-admin__cell">
          <strong>{provider.name}</strong>
          <span className="models-admin__muted">{provider.base_url}</span>
        </span>
      ),
    },
    {
      key: 'kind',
      title: t('models_admin.provider_kind'),
      // A phone keeps the name and the controls; the details wait for a wider screen.
      responsive: ['md'],
      render: (_, provider) => t(kindLabel(provider.kind)),
    },
    {
      key: 'key',
      title: t('models_admin.api_key'),
      responsive: ['md'],
      render: (_, provider) =>
        provider.has_api_key ? (
          <Tag color="green">{t('models_admin.key_saved')}</Tag>
        ) : (
          <Tag>{t('models_admin.key_none')}</Tag>
        ),
    },
    {
      key: 'models',
      title: t('models_admin.column_models'),
      dataIndex: 'model_count',
      align: 'end',
      responsive: ['md'],
    },
    ...rowColumns,
  ];

  return (
    <AdminSection
      id="providers-title"
      title={t('models_admin.providers_title')}
      hint={t('models_admin.providers_hint')}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('models_admin.add_provider')}
        </Button>
      }
    >
      {tested && <TestResult result={tested.result} name={tested.name} />}
      <AdminTable
        query={providers}
        rows={providers.data ?? []}
        columns={columns}
        emptyText={t('models_admin.empty_providers')}
      />
      <ProviderDialog
        key={editing?.provider?.id ?? 'new'}
        open={editing !== null}
        provider={editing?.provider}
        onClose={() => setEditing(null)}
        onSaved={() => void onChanged()}
      />
    </AdminSection>
  );
}
