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
import { outcomeNotice } from '../components/outcome-notice.ts';
import { SelectableTable, usePagedList } from '../components/selectable-table.tsx';
import './org-admin.css';
import { formatDateTime } from '@tandem/contract/date-format';

type Decision = typeof APPROVE | typeof REJECT;

/** Member approval: approve or reject pending joins, one by one or selected together. */
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
      const people = (applicants.data?.data ?? []).filter((applicant) => ids.includes(applicant.id));
      const { approved, rejected } = await decideApplications(ids, status);
      showNotice(
        status === APPROVE
          ? outcomeNotice('approved', people, approved)
          : outcomeNotice('rejected', people, rejected),
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
      minWidth: 160,
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
      width: 140,
      ellipsis: true,
      render: (_, applicant) => applicant.real_name || <span className="org-muted">—</span>,
    },
    {
      key: 'contact',
      title: t('org_admin.column_contact'),
      minWidth: 200,
      ellipsis: true,
      render: (_, applicant) =>
        [applicant.email, applicant.phone].filter(Boolean).join(' · ') || (
          <span className="org-muted">—</span>
        ),
    },
    {
      key: 'applied',
      title: t('org_admin.column_applied_at'),
      width: 190,
      responsive: ['md'],
      render: (_, applicant) => formatDateTime(applicant.created_at, locale),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('org_admin.column_actions')}</span>,
      width: 210,
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
              <Button
                type="primary"
                icon={<CheckOutlined />}
                disabled={selected.length === 0}
                onClick={() => batch(APPROVE)}
              >
                {t('org_admin.approve_selected')}
              </Button>
              <Button
                danger
                icon={<CloseOutlined />}
                disabled={selected.length === 0}
                onClick={() => batch(REJECT)}
              >
                {t('org_admin.reject_selected')}
              </Button>
            </>
          }
        />
      </section>
    </div>
  );
}
