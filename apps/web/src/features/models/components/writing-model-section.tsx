import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { availableModelsQuery } from '../../../shared/models/available-models.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { setWritingModel, writingModelAdminQuery } from '../api/writing-model.ts';
import { AdminSection } from './admin-table.tsx';
import { LoadFailed } from './load-failed.tsx';

/** Nothing chosen: the default, the first completion model. */
const DEFAULT = 0;

/**
 * The writing model: which completion model the editor's AI actions ask, and so whose
 * points each request spends. Unset, the operator's first completion model.
 */
export function WritingModelSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setting = useQuery(writingModelAdminQuery);
  const models = useQuery(availableModelsQuery);
  const [isSaving, setSaving] = useState(false);

  async function choose(id: number) {
    setSaving(true);
    try {
      await setWritingModel({ model_id: id === DEFAULT ? null : id });
      await queryClient.invalidateQueries({ queryKey: writingModelAdminQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: ['ai-writing'] });
      showNotice({ key: 'ai_writing.admin_saved' }, 'success');
    } finally {
      setSaving(false);
    }
  }

  const data = setting.data;
  const effective = data?.effective;
  const isChoiceUnusable = data?.chosen_id != null && effective?.id !== data.chosen_id;
  return (
    <AdminSection
      id="writing-model-title"
      title={t('ai_writing.admin_title')}
      hint={t('ai_writing.admin_intro')}
      actions={null}
    >
      {setting.isError ? (
        <LoadFailed onRetry={() => void setting.refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <div className="models-admin__writing">
          <Select
            aria-labelledby="writing-model-title"
            className="models-admin__writing-select"
            value={isChoiceUnusable ? DEFAULT : (data.chosen_id ?? DEFAULT)}
            loading={isSaving || models.isPending}
            disabled={isSaving}
            onChange={(id: number) => void choose(id).catch(() => undefined)}
            options={[
              { value: DEFAULT, label: t('ai_writing.admin_default') },
              ...(models.data ?? []).map((model) => ({
                value: model.id,
                label: `${model.name} · ${model.provider_name}`,
              })),
            ]}
          />
          <Typography.Text type={effective ? 'secondary' : 'warning'}>
            {effective
              ? t('ai_writing.admin_in_use', { name: effective.name, count: effective.points_per_request })
              : t('ai_writing.admin_none')}
          </Typography.Text>
          {isChoiceUnusable && (
            <Typography.Text type="warning">{t('ai_writing.admin_unusable')}</Typography.Text>
          )}
        </div>
      )}
    </AdminSection>
  );
}
