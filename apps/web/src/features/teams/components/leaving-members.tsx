import { ClearOutlined, DeleteOutlined, RollbackOutlined } from '@ant-design/icons';
import { formatDate } from '@tandem/contract/date-format';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { DEPARTMENTS_KEY } from '../api/departments.ts';
import {
  clearLeavers,
  deleteLeavers,
  LEAVERS_KEY,
  type LeavingMember,
  leaversQuery,
  restoreLeavers,
} from '../api/leavers.ts';
import { MEMBERS_KEY } from '../api/members.ts';
import { noSelectionProblem } from './member-selection.ts';
import { outcomeNotice } from './outcome-notice.ts';
import { SelectableTable, usePagedList } from './selectable-table.tsx';

/** People who left or were removed: restore them, forget them, or clear the list. */
export function LeavingMembers() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const {
    page,
    setPage,
    list: leavers,
    total,
  } = usePagedList((shown) => leaversQuery(shown.current, shown.size));

  const hasSelection = selected.length > 0;
  const leaversIn = (ids: readonly number[]) =>
    (leavers.data?.data ?? []).filter((leaver) => ids.includes(leaver.user_id));

  const refresh = async () => {
    setSelected([]);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: LEAVERS_KEY }),
      queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
      queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
    ]);
  };

  async function restore(ids: number[]) {
    try {
      const { count } = await restoreLeavers(ids);
      showNotice(outcomeNotice('restored', leaversIn(ids), count), 'success');
    } catch {
      // Reported by the HTTP client.
    }
    await refresh();
  }

  function confirmDelete(ids: number[]) {
    modal.confirm({
      title: t('org_admin.leaver_delete_title', { count: ids.length }),
      content: t('org_admin.leaver_delete_body'),
      okText: t('org_admin.leaver_delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const { count } = await deleteLeavers(ids);
          showNotice(outcomeNotice('forgotten', leaversIn(ids), count), 'success');
        } catch {
          // Reported by the HTTP client.
        }
        await refresh();
      },
    });
  }

  function confirmClear() {
    modal.confirm({
      title: t('org_admin.leavers_clear_title'),
      content: t('org_admin.leavers_clear_body', { count: total }),
      okText: t('org_admin.leavers_clear'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await clearLeavers();
          showNotice({ key: 'org_admin.leavers_cleared' }, 'success');
        } catch {
          // Reported by the HTTP client.
        }
        setPage((current) => ({ ...current, current: 1 }));
        await refresh();
      },
    });
  }

  function batch(run: (ids: number[]) => void) {
    const problem = noSelectionProblem(selected.length);
    if (problem) showNotice({ key: problem }, 'warning');
    else run(selected);
  }

  const columns: TableColumnsType<LeavingMember> = [
    {
      key: 'name',
      title: t('org_admin.column_name'),
      minWidth: 180,
      render: (_, leaver) => (
        <span className="member-cell__text">
          <span className="member-cell__label">{leaver.name}</span>
          <span className="member-cell__contact">{leaver.email || leaver.phone}</span>
        </span>
      ),
    },
    {
      key: 'department',
      title: t('org_admin.column_previous_department'),
      width: 160,
      ellipsis: true,
      render: (_, leaver) =>
        leaver.department_name || <span className="org-muted">{t('org_admin.no_department')}</span>,
    },
    {
      key: 'days',
      title: t('org_admin.column_days_since_leaving'),
      width: 130,
      align: 'end',
      render: (_, leaver) => leaver.days_since_leaving,
    },
    {
      key: 'left_at',
      title: t('org_admin.column_left_at'),
      width: 130,
      responsive: ['md'],
      render: (_, leaver) => formatDate(leaver.left_at, locale),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('org_admin.column_actions')}</span>,
      width: 160,
      align: 'end',
      render: (_, leaver) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void restore([leaver.user_id])}>
            {t('org_admin.restore')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete([leaver.user_id])}>
            {t('org_admin.leaver_delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section className="member-table" aria-label={t('org_admin.leavers')}>
      <p className="org-page__hint">{t('org_admin.leavers_hint')}</p>
      <SelectableTable<LeavingMember>
        list={leavers}
        rowKey="user_id"
        columns={columns}
        page={page}
        onPageChange={setPage}
        selectedKeys={selected}
        onSelectionChange={setSelected}
        failedTitle={t('org_admin.leavers_failed')}
        emptyText={t('org_admin.leavers_empty')}
        actions={
          <>
            <Button
              icon={<RollbackOutlined />}
              disabled={!hasSelection}
              onClick={() => batch((ids) => void restore(ids))}
            >
              {t('org_admin.restore_selected')}
            </Button>
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!hasSelection}
              onClick={() => batch(confirmDelete)}
            >
              {t('org_admin.delete_selected')}
            </Button>
            <Button danger type="text" icon={<ClearOutlined />} disabled={total === 0} onClick={confirmClear}>
              {t('org_admin.leavers_clear')}
            </Button>
          </>
        }
      />
    </section>
  );
}
