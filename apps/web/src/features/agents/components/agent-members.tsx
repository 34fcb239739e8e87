import { CrownFilled, DeleteOutlined, SwapOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { AGENT_PERMISSIONS, type AgentPermission } from '@tandem/contract/agent-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Button, Popconfirm, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { isPersonalTeam } from '../../../shared/session/session-user.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import type { AgentDetail } from '../api/agents.ts';
import {
  type AgentCandidate,
  type AgentMember,
  addAgentMembers,
  agentCandidatesKey,
  agentMembersKey,
  agentMembersQuery,
  removeAgentMember,
  updateAgentMember,
} from '../api/members.ts';
import { usePendingAction } from '../hooks/use-pending-action.ts';
import { CandidateSelect } from './candidate-select.tsx';
import { TransferAgentDialog } from './transfer-agent-dialog.tsx';

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

/**
 * Who may do what with one agent: its owner, then the members with admin, editor or viewer permission.
 * Those who may manage members add people of the agent's team, change permissions and remove them;
 * the owner and the team's managers may also hand the agent over; others see the list.
 */
export function AgentMembers({ agent }: { agent: AgentDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const team = useSessionStore((state) => state.user?.current_team);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<AgentCandidate[]>([]);
  const [permission, setPermission] = useState<AgentPermission>('viewer');
  const [isTransferOpen, setIsTransferOpen] = useState(false);
  const members = useQuery(agentMembersQuery(agent.id, page, PAGE_SIZE));
  const canManage = agent.abilities.manage_members;
  const isAlone = !!team && isPersonalTeam(team) && team.team_id === agent.team_id;
  const agentName = agent.published?.name || agent.draft.name || t('agents.untitled');

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: agentMembersKey(agent.id) }),
      queryClient.invalidateQueries({ queryKey: agentCandidatesKey(agent.id) }),
    ]);
  const add = usePendingAction(async () => {
    const ids = chosen.map((person) => person.user_id);
    const { count } = await addAgentMembers(agent.id, ids, permission);
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
        {agent.abilities.transfer && !isAlone && (
          <Button
            className="agent-members__transfer"
            icon={<SwapOutlined />}
            aria-label={t('agents.members.transfer_named', { name: agentName })}
            onClick={() => setIsTransferOpen(true)}
          >
            {t('agents.members.transfer')}
          </Button>
        )}
      </div>
      {canManage &&
        (!isAlone ? (
          <div className="agent-members__add">
            <CandidateSelect
              className="member-chooser"
              multiple
              agentId={agent.id}
              chosen={chosen}
              onChange={setChosen}
              isDisabled={(candidate) => candidate.is_owner}
              ariaLabel={t('agents.members.choose')}
              placeholder={t('agents.members.choose')}
            />
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
          <Alert type="info" showIcon title={t('agents.members.personal_team')} />
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
      {agent.abilities.transfer && (
        <TransferAgentDialog
          agent={agent}
          agentName={agentName}
          open={isTransferOpen}
          onClose={() => setIsTransferOpen(false)}
        />
      )}
    </div>
  );
}
