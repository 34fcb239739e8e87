import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Select, Space, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { deleteModel, type Model, modelsQuery, saveModel } from '../api/models.ts';
import { providersQuery } from '../api/providers.ts';
import { AdminSection, AdminTable, useBusyRows, useRowColumns } from './admin-table.tsx';
import { ModelDialog } from './model-dialog.tsx';

type Editing = { model?: Model } | null;

const ALL = 0;

/** The models table, by provider: every field, add, edit, switch on and off, delete. */
export function ModelsSection({ onChanged }: { onChanged: () => Promise<void> }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const models = useQuery(modelsQuery);
  const providers = useQuery(providersQuery);
  const [providerId, setProviderId] = useState(ALL);
  const [editing, setEditing] = useState<Editing>(null);
  const { isBusy, run } = useBusyRows();
  const providerList = providers.data ?? [];
  const shown = (models.data ?? []).filter((model) => providerId === ALL || model.provider_id === providerId);
  const number = (value: number) => value.toLocaleString(locale);

  /** A write, then the lists again. */
  const change = (id: number, work: () => Promise<unknown>) =>
    run(id, async () => {
      await work();
      await onChanged();
    });

  const setEnabled = (model: Model, enabled: boolean) =>
    change(model.id, () => {
      const { provider_name: _name, created_at: _created, ...fields } = model;
      return saveModel({ ...fields, enabled });
    });

  function confirmDelete(model: Model) {
    modal.confirm({
      title: t('models_admin.delete_model_title', { name: model.name }),
      content: t('models_admin.delete_model_body'),
      okText: t('models_admin.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        change(model.id, async () => {
          await deleteModel(model.id);
          showNotice({ key: 'models_admin.deleted' }, 'success');
        }),
    });
  }

  const rowColumns = useRowColumns<Model>({
    isBusy,
    setEnabled: (model, enabled) => void setEnabled(model, enabled),
    onEdit: (model) => setEditing({ model }),
    onDelete: confirmDelete,
  });
  const yesNo = (value: boolean) => t(value ? 'models_admin.yes' : 'models_admin.no');
  const columns: TableColumnsType<Model> = [
    {
      key: 'name',
      title: t('models_admin.model_name'),
      fixed: 'start',
      render: (_, model) => (
        <span className="models-admin__cell">
          <strong>{model.name}</strong>
          <code className="models-admin__muted">{model.model_key}</code>
        </span>
      ),
    },
    // A phone keeps the name, the price and the controls; the details wait for a wider screen.
    {
      key: 'provider',
      title: t('models_admin.column_provider'),
      dataIndex: 'provider_name',
      responsive: ['md'],
    },
    {
      key: 'type',
      title: t('models_admin.model_type'),
      responsive: ['md'],
      render: (_, model) => t(`models_admin.type_${model.type}`),
    },
    {
      key: 'size',
      title: t('models_admin.parameter_size'),
      responsive: ['md'],
      render: (_, model) => model.parameter_size || <span className="models-admin__muted">—</span>,
    },
    {
      key: 'trained',
      title: t('models_admin.training_date'),
      responsive: ['md'],
      render: (_, model) => model.training_date || <span className="models-admin__muted">—</span>,
    },
    {
      key: 'context',
      title: t('models_admin.context_length'),
      responsive: ['md'],
      align: 'end',
      render: (_, model) => number(model.context_length),
    },
    {
      key: 'images',
      title: t('models_admin.supports_images'),
      responsive: ['md'],
      render: (_, model) => yesNo(model.supports_images),
    },
    {
      key: 'points',
      title: t('models_admin.points_per_request'),
      align: 'end',
      render: (_, model) => number(model.points_per_request),
    },
    { key: 'sort', title: t('models_admin.sort'), dataIndex: 'sort', align: 'end', responsive: ['md'] },
    ...rowColumns,
  ];

  const hasProviders = providerList.length > 0;
  return (
    <AdminSection
      id="models-title"
      title={t('models_admin.models_title')}
      hint={t('models_admin.models_hint')}
      actions={
        <Space wrap>
          <Select
            aria-label={t('models_admin.filter_provider')}
            value={providerId}
            onChange={setProviderId}
            style={{ minWidth: 180 }}
            options={[
              { value: ALL, label: t('models_admin.all_providers') },
              ...providerList.map((provider) => ({ value: provider.id, label: provider.name })),
            ]}
          />
          <Tooltip title={hasProviders ? undefined : t('models_admin.add_provider_first')}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!hasProviders}
              onClick={() => setEditing({})}
            >
              {t('models_admin.add_model')}
            </Button>
          </Tooltip>
        </Space>
      }
    >
      <AdminTable query={models} rows={shown} columns={columns} emptyText={t('models_admin.empty_models')} />
      <ModelDialog
        key={editing?.model?.id ?? 'new'}
        open={editing !== null}
        model={editing?.model}
        providers={providerList}
        defaultProviderId={providerId === ALL ? undefined : providerId}
        onClose={() => setEditing(null)}
        onSaved={() => void onChanged()}
      />
    </AdminSection>
  );
}
