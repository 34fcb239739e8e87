import { CrownOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { formatDate } from '@tandem/contract/date-format';
import type { TeamInfo } from '@tandem/contract/team';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Skeleton, Switch, Table, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { reloadSessionUser } from '../api/session.ts';
import {
  allVersionsQuery,
  CURRENT_TEAM_KEY,
  currentVersionQuery,
  setApplyAudit,
  updateTeam,
  type VersionPacket,
} from '../api/team-settings.ts';
import { DissolveTeamDialog } from './dissolve-team-dialog.tsx';
import { TeamAvatarUpload } from './team-avatar-upload.tsx';
import { TEAM_NAME_COUNT, teamNameRule } from './team-name-rules.ts';
import { TransferOwnershipDialog } from './transfer-ownership-dialog.tsx';

/** The contract's limit on a team description. */
const TEAM_DESCRIPTION_MAX = 500;

function Card({
  title,
  description,
  children,
  tone,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  tone?: 'danger';
}) {
  return (
    <section className={`org-card${tone ? ` org-card--${tone}` : ''}`} aria-label={title}>
      <header className="org-card__header">
        <h3>{title}</h3>
        {description && <p>{description}</p>}
      </header>
      {children}
    </section>
  );
}

/** After a change the back office shows the new values, and so does the shell (team name in the menu). */
function useTeamRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: CURRENT_TEAM_KEY }),
      queryClient.invalidateQueries({ queryKey: ['teams', 'mine'] }),
      reloadSessionUser().catch(() => undefined),
    ]);
  };
}

type ProfileValues = { name: string; description: string };

export function TeamProfileCard({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileValues>();
  const [isSaving, setIsSaving] = useState(false);
  const refresh = useTeamRefresh();

  async function saveAvatar(url: string) {
    await updateTeam({ avatar: url });
    await refresh();
    showNotice({ key: 'org_admin.avatar_saved' }, 'success');
  }

  async function save(values: ProfileValues) {
    const change = {
      name: values.name.normalize('NFC').trim(),
      description: (values.description ?? '').normalize('NFC').trim(),
    };
    if (change.name === team.name && change.description === team.description) {
      showNotice({ key: 'org_admin.nothing_changed' }, 'info');
      return;
    }
    setIsSaving(true);
    try {
      await updateTeam(change);
      await refresh();
      showNotice({ key: 'org_admin.profile_saved' }, 'success');
    } catch {
      // Reported by the HTTP client.
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Card title={t('org_admin.profile')} description={t('org_admin.profile_hint')}>
      <div className="team-profile">
        <TeamAvatarUpload avatar={team.avatar} name={team.name} onUploaded={saveAvatar} />
        <Form<ProfileValues>
          form={form}
          layout="vertical"
          className="team-profile__form"
          initialValues={{ name: team.name, description: team.description }}
          onFinish={save}
          disabled={isSaving}
        >
          <Form.Item name="name" label={t('team.name')} required rules={[teamNameRule(t)]}>
            <Input count={TEAM_NAME_COUNT} />
          </Form.Item>
          <Form.Item name="description" label={t('org_admin.description')}>
            <Input.TextArea
              maxLength={TEAM_DESCRIPTION_MAX}
              showCount
              autoSize={{ minRows: 3, maxRows: 6 }}
              placeholder={t('org_admin.description_placeholder')}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isSaving}>
            {t('common.save')}
          </Button>
        </Form>
      </div>
    </Card>
  );
}

export function PlanCard() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const plan = useQuery(currentVersionQuery);
  const numbers = new Intl.NumberFormat(locale);
  return (
    <Card title={t('org_admin.plan')} description={t('org_admin.plan_hint')}>
      {plan.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : plan.isError ? (
        <Button icon={<ReloadOutlined />} onClick={() => void plan.refetch()}>
          {t('common.retry')}
        </Button>
      ) : (
        <Descriptions
          column={{ xs: 1, sm: 2 }}
          size="small"
          items={[
            {
              key: 'plan',
              label: t('org_admin.plan_name'),
              children: t(`org_admin.plan_${plan.data.ver_name}`, { defaultValue: plan.data.ver_name }),
            },
            {
              key: 'expires',
              label: t('org_admin.plan_expires'),
              children: plan.data.expire_time
                ? formatDate(plan.data.expire_time, locale)
                : t('org_admin.plan_never_expires'),
            },
            {
              key: 'members',
              label: t('org_admin.plan_members'),
              children: t('org_admin.plan_members_value', {
                used: numbers.format(plan.data.member_count),
                limit: numbers.format(plan.data.member_limit),
              }),
            },
            {
              key: 'points',
              label: t('org_admin.plan_points'),
              children: numbers.format(plan.data.points_quota_surplus_numerical),
            },
          ]}
        />
      )}
      <AvailablePlans currentVerId={plan.data?.ver_id} />
    </Card>
  );
}

/** The plans a team can be on (`all-ver-packet-data`), the current one marked. */
function AvailablePlans({ currentVerId }: { currentVerId: number | undefined }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const plans = useQuery(allVersionsQuery);
  const numbers = new Intl.NumberFormat(locale);
  if (plans.isError) return null;
  return (
    <div className="plan-list">
      <h4 id="available-plans" className="plan-list__title">
        {t('org_admin.plans_available')}
      </h4>
      <Table<VersionPacket>
        aria-labelledby="available-plans"
        size="small"
        rowKey="ver_id"
        loading={plans.isPending}
        dataSource={plans.data ?? []}
        pagination={false}
        columns={[
          {
            key: 'name',
            title: t('org_admin.plan_name'),
            render: (_, each) => (
              <span className="plan-list__name">
                {t(`org_admin.plan_${each.ver_name}`, { defaultValue: each.ver_name })}
                {each.ver_id === currentVerId && <Tag color="processing">{t('org_admin.plan_current')}</Tag>}
              </span>
            ),
          },
          {
            key: 'members',
            title: t('org_admin.plan_member_limit'),
            align: 'end',
            render: (_, each) => numbers.format(each.member_limit),
          },
          {
            key: 'points',
            title: t('org_admin.plan_monthly_points'),
            align: 'end',
            render: (_, each) => numbers.format(each.points_quota_surplus_numerical),
          },
        ]}
      />
    </div>
  );
}

export function JoinApprovalCard({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isSaving, setIsSaving] = useState(false);
  const isOn = team.apply_audit === 1;

  async function toggle(next: boolean) {
    setIsSaving(true);
    try {
      await setApplyAudit(next);
      queryClient.setQueryData<TeamInfo>(CURRENT_TEAM_KEY, (old) =>
        old ? { ...old, apply_audit: next ? 1 : 0 } : old,
      );
      showNotice({ key: next ? 'org_admin.approval_on' : 'org_admin.approval_off' }, 'success');
    } catch {
      // Reported by the HTTP client.
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Card title={t('org_admin.approval')}>
      <div className="org-setting">
        <div className="org-setting__text">
          <span id="join-approval-label" className="org-setting__label">
            {t('org_admin.approval_label')}
          </span>
          <span className="org-setting__hint">
            {t(isOn ? 'org_admin.approval_on_hint' : 'org_admin.approval_off_hint')}
          </span>
        </div>
        <Switch
          checked={isOn}
          loading={isSaving}
          onChange={(next) => void toggle(next)}
          aria-labelledby="join-approval-label"
        />
      </div>
    </Card>
  );
}

export function OwnershipCard({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const isOwner = !!user && (user.id === team.owner_user_id || user.is_super);
  const [open, setOpen] = useState<'transfer' | 'dissolve' | null>(null);
  return (
    <Card
      title={t('org_admin.ownership')}
      description={isOwner ? undefined : t('org_admin.owner_only')}
      tone="danger"
    >
      <div className="org-setting">
        <div className="org-setting__text">
          <span className="org-setting__label">{t('org_admin.transfer_title')}</span>
          <span className="org-setting__hint">{t('org_admin.transfer_hint')}</span>
        </div>
        <Button icon={<CrownOutlined />} disabled={!isOwner} onClick={() => setOpen('transfer')}>
          {t('org_admin.transfer')}
        </Button>
      </div>
      <div className="org-setting">
        <div className="org-setting__text">
          <span className="org-setting__label">{t('org_admin.dissolve')}</span>
          <span className="org-setting__hint">{t('org_admin.dissolve_hint')}</span>
        </div>
        <Button danger icon={<DeleteOutlined />} disabled={!isOwner} onClick={() => setOpen('dissolve')}>
          {t('org_admin.dissolve')}
        </Button>
      </div>
      <TransferOwnershipDialog
        teamName={team.name}
        open={open === 'transfer'}
        onClose={() => setOpen(null)}
      />
      <DissolveTeamDialog teamName={team.name} open={open === 'dissolve'} onClose={() => setOpen(null)} />
    </Card>
  );
}
