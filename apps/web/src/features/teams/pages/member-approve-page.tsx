import { CheckOutlined, CloseOutlined, InfoCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Space, Table, type TableColumnsType } from 'antd';
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
import { FIRST_PAGE, PAGE_SIZES, pageWithinTotal } from '../components/paging.ts';
import './org-admin.css';

type Decision = typeof APPROVE | typeof REJECT;

/** Member approval (spec part A section 2): approve or reject pending joins, one by one or selected together. */
export function MemberApprovePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const queryClient = useQueryClient();
  const team = useQuery(currentTeamQuery);
  const [page, setPage] = useState(FIRST_PAGE);
  const [selected, setSelected] = useState<number[]>([]);
  const [deciding, setDeciding] = useState<ReadonlySet<number>>(new Set());
  const applicants = useQuery(applicantsQuery(page.current, page.size));
  const total = applicants.data?.total ?? 0;
  const lastUsefulPage = pageWithinTotal(page.current, page.size, total);
  if (applicants.data && !applicants.isPlaceholderData && lastUsefulPage !== page.current) {
    setPage({ ...page, current: lastUsefulPage });
  }

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
      title: <span className="org-visually-hidden">{t('org_admin.column_actions')}</span>,
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
        <div className="member-table__batch">
          <span className="member-table__selected" aria-live="polite">
            {t('org_admin.selected', { count: selected.length })}
          </span>
          <Button type="primary" icon={<CheckOutlined />} onClick={() => batch(APPROVE)}>
            {t('org_admin.approve_selected')}
          </Button>
          <Button danger icon={<CloseOutlined />} onClick={() => batch(REJECT)}>
            {t('org_admin.reject_selected')}
          </Button>
        </div>
        {applicants.isError && (
          <Alert
            type="error"
            showIcon
            title={t('org_admin.applicants_failed')}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void applicants.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        )}
        <Table<Applicant>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={applicants.data?.data ?? []}
          loading={applicants.isFetching}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            getTitleCheckboxProps: () => ({ 'aria-label': t('org_admin.select_page') }),
            getCheckboxProps: (applicant) => ({
              'aria-label': t('org_admin.select_member', { name: applicant.name }),
            }),
          }}
          locale={{
            emptyText: applicants.isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('org_admin.applicants_empty')} />
            ),
          }}
          pagination={{
            current: page.current,
            pageSize: page.size,
            total,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (count) => t('org_admin.total', { count }),
            onChange: (current, size) => {
              setPage({ current: size === page.size ? current : 1, size });
              setSelected([]);
            },
          }}
        />
      </section>
    </div>
  );
}
