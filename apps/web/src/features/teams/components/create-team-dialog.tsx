import { COMPANY_SIZE_BANDS } from '@tandem/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { Cascader, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { createTeam, industryTreeQuery } from '../api/create-team.ts';
import { reloadAtRoot } from '../api/session.ts';
import { TeamFormDialog } from './team-form-dialog.tsx';
import { TEAM_NAME_COUNT, teamNameRule } from './team-name-rules.ts';

type CreateTeamValues = { name: string; industry: number[]; size: string };

const FORM_ID = 'create-team';

/**
 * The create-team form: name, industry from the two-level tree (the last
 * chosen id is sent) and company size. The size is checked but, as the spec says, the request sends
 * `scale: 0`. The creator is switched to the new team, so the app starts again at the root.
 */
export function CreateTeamDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [form] = Form.useForm<CreateTeamValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const industries = useQuery({ ...industryTreeQuery(locale), enabled: open });

  async function submit(values: CreateTeamValues) {
    const industryId = values.industry.at(-1);
    if (industryId === undefined) return;
    setIsSubmitting(true);
    try {
      await createTeam({ name: values.name.trim(), industry_id: industryId, scale: 0 });
      reloadAtRoot();
    } catch {
      // Reported by the HTTP client.
      setIsSubmitting(false);
    }
  }

  return (
    <TeamFormDialog
      open={open}
      onClose={onClose}
      width={520}
      title={t('team.create_title')}
      lead={t('team.create_lead')}
      formId={FORM_ID}
      submitLabel={t('team.create_submit')}
      isSubmitting={isSubmitting}
    >
      <Form<CreateTeamValues>
        id={FORM_ID}
        form={form}
        layout="vertical"
        requiredMark
        onFinish={submit}
        scrollToFirstError={{ focus: true }}
        disabled={isSubmitting}
      >
        <Form.Item name="name" label={t('team.name')} required rules={[teamNameRule(t)]}>
          <Input placeholder={t('team.name_placeholder')} count={TEAM_NAME_COUNT} autoFocus />
        </Form.Item>
        <Form.Item
          name="industry"
          label={t('team.industry')}
          rules={[{ required: true, message: t('team.industry_required') }]}
        >
          <Cascader
            options={industries.data ?? []}
            fieldNames={{ label: 'name', value: 'id', children: 'children' }}
            placeholder={t('team.industry_placeholder')}
            loading={industries.isPending}
            notFoundContent={industries.isError ? t('team.industry_failed') : undefined}
            showSearch
            expandTrigger="hover"
          />
        </Form.Item>
        <Form.Item
          name="size"
          label={t('team.size')}
          rules={[{ required: true, message: t('team.size_required') }]}
        >
          <Select
            placeholder={t('team.size_placeholder')}
            options={COMPANY_SIZE_BANDS.map((band) => ({
              value: band,
              label: t('team.size_people', { band }),
            }))}
          />
        </Form.Item>
      </Form>
    </TeamFormDialog>
  );
}
