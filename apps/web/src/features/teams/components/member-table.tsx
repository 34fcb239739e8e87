import {
  ApartmentOutlined,
  CrownFilled,
  MoreOutlined,
  SafetyCertificateFilled,
  SafetyCertificateOutlined,
  UserDeleteOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { formatDate } from '@tandem/contract/date-format';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Dropdown, Input, type MenuProps, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { DEPARTMENTS_KEY } from '../api/departments.ts';
import {
  MEMBERS_KEY,
  type Member,
  membersQuery,
  moveToDepartment,
  removeFromTeam,
  setAdmin,
} from '../api/members.ts';
import { type DepartmentFilter, departmentIdOf } from './department-tree-model.ts';
import { memberContactOf } from './member-picker.tsx';
import { type Actor, type BatchAction, batchProblem, rowActions } from './member-selection.ts';
import { MoveMembersDialog } from './move-members-dialog.tsx';
import { outcomeNotice } from './outcome-notice.ts';
import { SelectableTable, usePagedList } from './selectable-table.tsx';
import { isTeamOwner } from './team-roles.ts';

/** The members of the chosen department (or all), with search, paging, batch moves and removals. */
export function MemberTable({
  filter,
  departmentName,
}: {
  filter: DepartmentFilter;
  departmentName: string;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const locale = useLocaleStore((state) => state.locale);
  const queryClient = useQueryClient();
  const user = useSessionStore((state) => state.user);
  const actor: Actor = {
    userId: user?.id ?? 0,
    isOwner: !!user && (isTeamOwner(user.current_team) || user.is_super),
  };
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Member[]>([]);
  const [isMoveOpen, setIsMoveOpen] = useState(false);
  const hasSelection = selected.length > 0;
  const {
    page,
    setPage,
    list: members,
  } = usePagedList((shown) =>
    membersQuery({
      page: shown.current,
      page_size: shown.size,
      keyword,
      department_id: departmentIdOf(filter),
    }),
  );
  const [shownFilter, setShownFilter] = useState(filter);
  // Another department, search or page shows other rows: the selection and page start again.
  if (shownFilter !== filter) {
    setShownFilter(filter);
    setPage((current) => ({ ...current, current: 1 }));
    setSelected([]);
  }

  const refresh = async () => {
    setSelected([]);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
      // Head counts on the tree change with moves and removals.
      queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
    ]);
  };

  function runBatch(action: BatchAction) {
    const problem = batchProblem(action, selected, actor);
    if (problem) {
      showNotice({ key: problem }, 'warning');
      return;
    }
    if (action === 'move') setIsMoveOpen(true);
    else confirmRemove(selected);
  }

  function confirmRemove(targets: Member[]) {
    modal.confirm({
      title:
        targets.length === 1
          ? t('org_admin.remove_one_title', { name: targets[0]!.name })
          : t('org_admin.remove_many_title', { count: targets.length }),
      content: t('org_admin.remove_body'),
      okText: t('org_admin.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const { count } = await removeFromTeam(targets.map((member) => member.user_id));
          showNotice(outcomeNotice('removed', targets, count), 'success');
          await queryClient.invalidateQueries({ queryKey: ['teams', 'leavers'] });
        } catch {
          // Reported by the HTTP client.
        }
        await refresh();
      },
    });
  }

  function confirmAdmin(member: Member) {
    const makeAdmin = !member.is_admin;
    modal.confirm({
      title: t(makeAdmin ? 'org_admin.make_admin_title' : 'org_admin.unmake_admin_title', {
        name: member.name,
      }),
      content: t(makeAdmin ? 'org_admin.make_admin_body' : 'org_admin.unmake_admin_body'),
      okText: t(makeAdmin ? 'org_admin.make_admin' : 'org_admin.unmake_admin'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await setAdmin(member.user_id, makeAdmin);
          showNotice(
            {
              key: makeAdmin ? 'org_admin.admin_made' : 'org_admin.admin_unmade',
              values: { name: member.name },
            },
            'success',
          );
        } catch {
          // Reported by the HTTP client.
        }
        await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
      },
    });
  }

  const columns: TableColumnsType<Member> = [
    {
      key: 'name',
      title: t('org_admin.column_name'),
      minWidth: 200,
      render: (_, member) => (
        <span className="member-cell">
          <Avatar size={32} src={member.avatar || undefined} icon={<UserOutlined />} alt="" />
          <span className="member-cell__text">
            <span className="member-cell__name">
              <span className="member-cell__label" title={member.name}>
                {member.name}
              </span>
              {member.user_id === actor.userId && (
                <span className="member-cell__you">{t('org_admin.you')}</span>
              )}
            </span>
            <span className="member-cell__meta">
              {/* The admin flag: the owner and admins are marked, members are not. */}
              {member.is_owner ? (
                <Tag color="gold" icon={<CrownFilled />}>
                  {t('org_admin.owner')}
                </Tag>
              ) : member.is_admin ? (
                <Tag color="blue" icon={<SafetyCertificateFilled />}>
                  {t('org_admin.admin')}
                </Tag>
              ) : null}
              {/* Where the contact column is hidden, the contact stays readable under the name. */}
              <span
                className="member-cell__contact member-cell__contact--narrow"
                title={memberContactOf(member)}
              >
                {memberContactOf(member)}
              </span>
            </span>
          </span>
        </span>
      ),
    },
    {
      key: 'contact',
      title: t('org_admin.column_contact'),
      minWidth: 200,
      responsive: ['lg'],
      render: (_, member) =>
        member.email || member.phone ? (
          <span className="member-contact">
            {[member.email, member.phone].filter(Boolean).map((contact) => (
              <span key={contact} title={contact}>
                {contact}
              </span>
            ))}
          </span>
        ) : (
          <span className="org-muted">—</span>
        ),
    },
    {
      key: 'joined',
      title: t('org_admin.column_joined'),
      width: 120,
      responsive: ['xl'],
      render: (_, member) => formatDate(member.join_time, locale),
    },
    {
      key: 'department',
      title: t('org_admin.column_department'),
      width: 130,
      ellipsis: true,
      responsive: ['sm'],
      render: (_, member) =>
        member.department_name || <span className="org-muted">{t('org_admin.no_department')}</span>,
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">{t('org_admin.column_actions')}</span>,
      width: 56,
      align: 'end',
      render: (_, member) => {
        const allowed = rowActions(member, actor);
        const items: MenuProps['items'] = [
          ...(allowed.canToggleAdmin
            ? [
                {
                  key: 'admin',
                  icon: <SafetyCertificateOutlined />,
                  label: t(member.is_admin ? 'org_admin.unmake_admin' : 'org_admin.make_admin'),
                },
              ]
            : []),
          ...(allowed.canRemove
            ? [{ key: 'remove', icon: <UserDeleteOutlined />, label: t('org_admin.remove'), danger: true }]
            : []),
        ];
        if (items.length === 0) return null;
        return (
          <Dropdown
            trigger={['click']}
            menu={{
              items,
              onClick: ({ key }) => (key === 'admin' ? confirmAdmin(member) : confirmRemove([member])),
            }}
          >
            <Button
              type="text"
              icon={<MoreOutlined />}
              aria-label={t('org_admin.member_actions', { name: member.name })}
            />
          </Dropdown>
        );
      },
    },
  ];

  return (
    <section className="member-table" aria-label={t('org_admin.members_of', { name: departmentName })}>
      <header className="member-table__toolbar">
        <h3 className="member-table__title">{departmentName}</h3>
        <Input.Search
          className="member-table__search"
          allowClear
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            if (!event.target.value) {
              setKeyword('');
              setPage((current) => ({ ...current, current: 1 }));
            }
          }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage((current) => ({ ...current, current: 1 }));
            setSelected([]);
          }}
          placeholder={t('org_admin.search_placeholder')}
          aria-label={t('org_admin.search')}
        />
      </header>
      <SelectableTable<Member>
        list={members}
        rowKey="user_id"
        columns={columns}
        page={page}
        onPageChange={setPage}
        selectedKeys={selected.map((member) => member.user_id)}
        onSelectionChange={(_, rows) => setSelected(rows)}
        failedTitle={t('org_admin.members_failed')}
        emptyText={keyword ? t('org_admin.no_search_results', { keyword }) : t('org_admin.no_members')}
        actions={
          <>
            <Button icon={<ApartmentOutlined />} disabled={!hasSelection} onClick={() => runBatch('move')}>
              {t('org_admin.move_to_department')}
            </Button>
            <Button
              danger
              icon={<UserDeleteOutlined />}
              disabled={!hasSelection}
              onClick={() => runBatch('remove')}
            >
              {t('org_admin.remove_from_team')}
            </Button>
          </>
        }
      />
      <MoveMembersDialog
        count={selected.length}
        open={isMoveOpen}
        onClose={() => setIsMoveOpen(false)}
        onMove={async (departmentId, department) => {
          const { count } = await moveToDepartment(
            selected.map((member) => member.user_id),
            departmentId,
          );
          showNotice(
            department === null
              ? outcomeNotice('moved_out', selected, count)
              : outcomeNotice('moved', selected, count, { department }),
            'success',
          );
          await refresh();
        }}
      />
    </section>
  );
}
