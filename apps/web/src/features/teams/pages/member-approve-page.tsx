import { CheckOutlined, CloseOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import {
  APPLICANTS_KEY,
  APPROVE,
  type Applicant,
  applicantsQuery,
  decideApplications,
  REJECT,
} from '../api/approvals.ts';
import { MEMBERS_KEY } from '../api/members.ts';
import { currentTeamQuery } from '../api/team-settings.ts';
import { noSelectionProblem } from '../components/member-selection.ts';
import { SelectableTable, usePagedList } from '../components/selectable-table.tsx';
import './org-admin.css';

type Decision = typeof APPROVE | typeof REJECT;

/** Member approval (spec part A section 2): approve or reject pending joins, one by one or selected together. */
export function MemberApprovePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const queryClient = useQueryClient();
  const team = useQuery(currentTeamQuery);
  const [selected, setSelected] = useState<number[]>([]);
  const [deciding, setDeciding] = useState<ReadonlySet<number>>(new Set());
  const {
    page,
    setPage,
    list: applicants,
  } = usePagedList((shown) => applicantsQuery(shown.current, shown.size));

  async function decide(ids: number[], status: Decision) {
    setDeciding(new Set(ids));
    try {
      const { approved, rejected } = await decideApplications(ids, status);
      showNotice(
        status === APPROVE
          ? { key: 'org_admin.approved', values: { count: approved } }
          : { key: 'org_admin.rejected', values: { count: rejected } },
        'success',
      );
    } catch {
      // Reported by the HTTP client.
    }
    setDeciding(new Set());
    setSelected((current) => current.filter((id) => !ids.includes(id)));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: APPLICANTS_KEY }),
      queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
    ]);
  }

  function batch(status: Decision) {
    const problem = noSelectionProblem(selected.length);
    if (problem) {
      showNotice({ key: problem }, 'warning');
      return;
    }
    const ids = [...selected];
    modal.confirm({
      title: t(status === APPROVE ? 'org_admin.approve_many_title' : 'org_admin.reject_many_title', {
        count: ids.length,
      }),
      okText: t(status === APPROVE ? 'org_admin.approve' : 'org_admin.reject'),
      okButtonProps: { danger: status === REJECT },
      cancelText: t('common.cancel'),
      onOk: () => decide(ids, status),
    });
  }

  const columns: TableColumnsType<Applicant> = [
    {
      key: 'name',
      title: t('org_admin.column_name'),
      render: (_, applicant) => (
        <span className="member-cell__text">
          <span className="member-cell__label">{applicant.name}</span>
          {applicant.real_name && applicant.real_name !== applicant.name && (
            <span className="member-cell__contact">{applicant.real_name}</span>
          )}
        </span>
      ),
    },
    {
      key: 'real_name',
      title: t('org_admin.column_real_name'),
      render: (_, applicant) => applicant.real_name || <span className="org-muted">—</span>,
    },
    {
      key: 'contact',
      title: t('org_admin.column_contact'),
      render: (_, applicant) =>
        [applicant.email, applicant.phone].filter(Boolean).join(' · ') || (
          <span className="org-muted">—</span>
        ),
    },
    {
      key: 'applied',
      title: t('org_admin.column_applied_at'),
      responsive: ['md'],
      render: (_, applicant) =>
        new Date(applicant.created_at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('org_admin.column_actions')}</span>,
      align: 'end',
      render: (_, applicant) => (
        <Space size={4}>
          <Button
            size="small"
            type="primary"
            icon={<CheckOutlined />}
            loading={deciding.has(applicant.id)}
            onClick={() => void decide([applicant.id], APPROVE)}
            aria-label={t('org_admin.approve_one', { name: applicant.name })}
          >
            {t('org_admin.approve')}
          </Button>
          <Button
            size="small"
            danger
            icon={<CloseOutlined />}
            disabled={deciding.has(applicant.id)}
            onClick={() => void decide([applicant.id], REJECT)}
            aria-label={t('org_admin.reject_one', { name: applicant.name })}
          >
            {t('org_admin.reject')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="org-page">
      <h2 className="org-page__title">{t('route.org_admin_member_approve')}</h2>
      {team.data && team.data.apply_audit !== 1 && (
        <Alert
          type="info"
          showIcon
          icon={<InfoCircleOutlined />}
          title={t('org_admin.approval_off_notice')}
          action={<Link to="/org-admin/index">{t('user_menu.team_settings')}</Link>}
        />
      )}
      <section className="member-table" aria-label={t('org_admin.pending_list')}>
        <SelectableTable<Applicant>
          list={applicants}
          rowKey="id"
          columns={columns}
          page={page}
          onPageChange={setPage}
          selectedKeys={selected}
          onSelectionChange={setSelected}
          failedTitle={t('org_admin.applicants_failed')}
          emptyText={t('org_admin.applicants_empty')}
          actions={
            <>
              <Button type="primary" icon={<CheckOutlined />} onClick={() => batch(APPROVE)}>
                {t('org_admin.approve_selected')}
              </Button>
              <Button danger icon={<CloseOutlined />} onClick={() => batch(REJECT)}>
                {t('org_admin.reject_selected')}
              </Button>
            </>
          }
        />
      </section>
    </div>
  );
}
