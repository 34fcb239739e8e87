import { CrownFilled, DeleteOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { AGENT_PERMISSIONS, type AgentPermission } from '@tandem/contract/agent-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Button, Popconfirm, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { canManageTeam, isPersonalTeam } from '../../../shared/session/session-user.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import type { AgentDetail } from '../api/agents.ts';
import {
  type AgentMember,
  addAgentMembers,
  agentMembersKey,
  agentMembersQuery,
  removeAgentMember,
  teamMembersQuery,
  updateAgentMember,
} from '../api/members.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { usePendingAction } from '../hooks/use-pending-action.ts';

const PAGE_SIZE = 10;

function PermissionSelect({
  value,
  onChange,
  disabled,
  ariaLabel,
}: {
  value: AgentPermission;
  onChange: (permission: AgentPermission) => void;
  disabled?: boolean;
  ariaLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Select<AgentPermission>
      className="permission-select"
      value={value}
      onChange={onChange}
      disabled={disabled}
      aria-label={ariaLabel}
      popupMatchSelectWidth={false}
      options={AGENT_PERMISSIONS.map((permission) => ({
        value: permission,
        label: t(`agents.members.permission_${permission}`),
        title: t(`agents.members.permission_${permission}_hint`),
      }))}
    />
  );
}

/** Chooses members of the current team, searching as the user types. */
function TeamMemberChooser({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search, 300);
  const members = useQuery(teamMembersQuery(keyword));
  return (
    <Select<number[]>
      className="member-chooser"
      mode="multiple"
      value={value}
      onChange={onChange}
      aria-label={t('agents.members.choose')}
      placeholder={t('agents.members.choose')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={members.isFetching}
      notFoundContent={members.isPending ? t('common.loading') : t('agents.members.none_found')}
      options={(members.data?.data ?? []).map((member) => ({
        value: member.user_id,
        label: member.name,
        contact: member.email || member.phone,
      }))}
      optionRender={(option) => (
        <span className="member-option">
          <span>{option.data.label}</span>
          <span className="member-option__contact">{option.data.contact}</span>
        </span>
      )}
    />
  );
}

/**
 * Who may do what with one agent: its owner, then the members with admin, editor or viewer permission.
 * Those who may manage members add team members, change permissions and remove them; others see the list.
 */
export function AgentMembers({ agent }: { agent: AgentDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const team = useSessionStore((state) => state.user?.current_team);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number[]>([]);
  const [permission, setPermission] = useState<AgentPermission>('viewer');
  const members = useQuery(agentMembersQuery(agent.id, page, PAGE_SIZE));
  const canManage = agent.abilities.manage_members;
  const canPick = canManage && canManageTeam(team);

  const refresh = () => queryClient.invalidateQueries({ queryKey: agentMembersKey(agent.id) });
  const add = usePendingAction(async () => {
    const { count } = await addAgentMembers(agent.id, chosen, permission);
    setChosen([]);
    showNotice({ key: 'agents.members.added', values: { count } }, 'success');
    await refresh();
  });
  const update = usePendingAction(async (userId: number, next: AgentPermission) => {
    await updateAgentMember(agent.id, userId, next);
    showNotice({ key: 'agents.members.updated' }, 'success');
    await refresh();
  });
  const remove = usePendingAction(async (userId: number) => {
    await removeAgentMember(agent.id, userId);
    showNotice({ key: 'agents.members.removed' }, 'success');
    await refresh();
  });

  const columns: TableColumnsType<AgentMember> = [
    {
      title: t('agents.members.member'),
      key: 'member',
      render: (_, member) => (
        <span className="member-cell">
          <Avatar size={32} src={member.avatar || undefined} icon={<UserOutlined />} alt="" />
          <span className="member-cell__text">
            <span className="member-cell__name">{member.name}</span>
            <span className="member-cell__contact">{member.email || member.phone}</span>
          </span>
        </span>
      ),
    },
    {
      title: t('agents.members.permission'),
      key: 'permission',
      width: 180,
      render: (_, member) =>
        canManage ? (
          <PermissionSelect
            value={member.permission}
            ariaLabel={t('agents.members.permission_of', { name: member.name })}
            onChange={(next) => void update.run(member.user_id, next)}
          />
        ) : (
          t(`agents.members.permission_${member.permission}`)
        ),
    },
    ...(canManage
      ? [
          {
            title: <span className="visually-hidden">{t('agents.members.actions')}</span>,
            key: 'actions',
            width: 64,
            render: (_: unknown, member: AgentMember) => (
              <Popconfirm
                title={t('agents.members.remove_confirm', { name: member.name })}
                okText={t('agents.members.remove')}
                okButtonProps={{ danger: true }}
                cancelText={t('common.cancel')}
                onConfirm={() => remove.run(member.user_id)}
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('agents.members.remove_named', { name: member.name })}
                />
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="agent-members">
      <div className="agent-members__owner">
        <Avatar size={32} src={agent.owner.avatar || undefined} icon={<UserOutlined />} alt="" />
        <span className="member-cell__name">{agent.owner.name}</span>
        <span className="agent-members__owner-tag">
          <CrownFilled aria-hidden="true" /> {t('agents.members.owner')}
        </span>
      </div>
      {canManage &&
        (canPick ? (
          <div className="agent-members__add">
            <TeamMemberChooser value={chosen} onChange={setChosen} />
            <PermissionSelect
              value={permission}
              onChange={setPermission}
              ariaLabel={t('agents.members.new_permission')}
            />
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              disabled={chosen.length === 0}
              loading={add.isPending}
              onClick={() => void add.run()}
            >
              {t('agents.members.add')}
            </Button>
          </div>
        ) : (
          <Alert
            type="info"
            showIcon
            title={
              team && isPersonalTeam(team)
                ? t('agents.members.personal_team')
                : t('agents.members.ask_manager')
            }
          />
        ))}
      <Table<AgentMember>
        rowKey="user_id"
        size="middle"
        columns={columns}
        dataSource={members.data?.data ?? []}
        loading={members.isFetching}
        locale={{ emptyText: t('agents.members.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: members.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      <p className="agent-members__legend">
        {AGENT_PERMISSIONS.map((each) => (
          <span key={each}>
            <strong>{t(`agents.members.permission_${each}`)}</strong>:{' '}
            {t(`agents.members.permission_${each}_hint`)}
          </span>
        ))}
      </p>
    </div>
  );
}
