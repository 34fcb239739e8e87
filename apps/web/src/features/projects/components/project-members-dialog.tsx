import { DeleteOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import {
  PROJECT_PERMISSIONS,
  type ProjectAccess,
  type ProjectPermission,
} from '@tandem/contract/project-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Modal, Popconfirm, Radio, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CandidateSelect } from '../../../shared/ui/candidate-select.tsx';
import { showNotice } from '../../../shared/ui/notices.ts';
import {
  type ProjectCandidate,
  type ProjectItem,
  type ProjectMember,
  projectCandidatesQuery,
  projectMembersKey,
  projectMembersQuery,
  setProjectMember,
  updateProject,
} from '../api/projects.ts';

function PermissionSelect({
  value,
  onChange,
  ariaLabel,
}: {
  value: ProjectPermission;
  onChange: (permission: ProjectPermission) => void;
  ariaLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Select<ProjectPermission>
      className="permission-select"
      value={value}
      onChange={onChange}
      aria-label={ariaLabel}
      popupMatchSelectWidth={false}
      options={PROJECT_PERMISSIONS.map((permission) => ({
        value: permission,
        label: t(`projects.role.${permission}`),
        title: t(`projects.members.${permission}_hint`),
      }))}
    />
  );
}

/** Where the person already stands with the project, as a tag beside their name. */
function StandingTag({ person }: { person: ProjectCandidate }) {
  const { t } = useTranslation();
  if (person.is_owner) return <Tag color="gold">{t('projects.role.owner')}</Tag>;
  if (!person.permission) return null;
  return <Tag>{t('projects.members.already', { role: t(`projects.role.${person.permission}`) })}</Tag>;
}

/**
 * Who may open a project: the whole team (as editors or viewers) or only its members, and each member's
 * permission (admin, editor, viewer). For the project's owner and admins.
 */
export function ProjectMembersDialog({
  open,
  project,
  onClose,
  onAccessChanged,
}: {
  open: boolean;
  project: ProjectItem;
  onClose: () => void;
  onAccessChanged: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const members = useQuery({ ...projectMembersQuery(project.id), enabled: open });
  const [chosen, setChosen] = useState<ProjectCandidate[]>([]);
  const [permission, setPermission] = useState<ProjectPermission>('editor');
  const [isAdding, setIsAdding] = useState(false);
  const accessId = useId();

  const refresh = () => queryClient.invalidateQueries({ queryKey: projectMembersKey(project.id) });
  async function change(userId: number, next: ProjectPermission | null, doneKey: string, name: string) {
    try {
      await setProjectMember(project.id, userId, next);
      showNotice({ key: doneKey, values: { name } }, 'success');
      await refresh();
    } catch {
      // Reported by the HTTP client.
    }
  }
  async function add() {
    setIsAdding(true);
    try {
      for (const person of chosen) await setProjectMember(project.id, person.user_id, permission);
      showNotice({ key: 'projects.members.added', values: { count: chosen.length } }, 'success');
      setChosen([]);
      await refresh();
    } catch {
      await refresh();
    } finally {
      setIsAdding(false);
    }
  }
  async function changeAccess(fields: { access?: ProjectAccess; team_permission?: 'editor' | 'viewer' }) {
    try {
      await updateProject(project.id, fields);
      showNotice({ key: 'projects.members.access_saved' }, 'success');
      onAccessChanged();
    } catch {
      // Reported by the HTTP client.
    }
  }

  const memberIds = new Set((members.data ?? []).map((member) => member.user_id));
  const columns: TableColumnsType<ProjectMember> = [
    {
      title: t('projects.members.member'),
      key: 'member',
      render: (_, member) => (
        <span className="member-cell">
          <Avatar size={28} src={member.avatar || undefined} icon={<UserOutlined />} alt="" />
          <span className="member-cell__name">{member.name}</span>
        </span>
      ),
    },
    {
      title: t('projects.members.permission'),
      key: 'permission',
      width: 150,
      render: (_, member) => (
        <PermissionSelect
          value={member.permission}
          ariaLabel={t('projects.members.permission_of', { name: member.name })}
          onChange={(next) => void change(member.user_id, next, 'projects.members.updated', member.name)}
        />
      ),
    },
    {
      title: <span className="visually-hidden">{t('projects.members.actions')}</span>,
      key: 'actions',
      width: 56,
      render: (_, member) => (
        <Popconfirm
          title={t('projects.members.remove_confirm', { name: member.name })}
          okText={t('projects.members.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => change(member.user_id, null, 'projects.members.removed', member.name)}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('projects.members.remove_named', { name: member.name })}
          />
        </Popconfirm>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      title={t('projects.members.title', { name: project.name })}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
    >
      <div className="project-members">
        <fieldset className="project-members__access">
          <legend id={accessId}>{t('projects.members.access')}</legend>
          <Radio.Group
            aria-labelledby={accessId}
            value={project.access}
            onChange={(event) => void changeAccess({ access: event.target.value as ProjectAccess })}
            options={[
              { value: 'team_public', label: t('projects.members.team_public') },
              { value: 'team_private', label: t('projects.members.team_private') },
            ]}
          />
          {project.access === 'team_public' ? (
            <div className="project-members__team">
              <span>{t('projects.members.team_may')}</span>
              <Select<'editor' | 'viewer'>
                value={project.team_permission}
                aria-label={t('projects.members.team_may')}
                onChange={(next) => void changeAccess({ team_permission: next })}
                options={[
                  { value: 'editor', label: t('projects.members.team_edit') },
                  { value: 'viewer', label: t('projects.members.team_view') },
                ]}
                popupMatchSelectWidth={false}
              />
            </div>
          ) : (
            <p className="project-members__hint">{t('projects.members.private_hint')}</p>
          )}
        </fieldset>

        <div className="project-members__add">
          <CandidateSelect
            className="project-members__chooser"
            multiple
            candidates={(keyword) => projectCandidatesQuery(project.id, keyword)}
            standing={(person) => <StandingTag person={person} />}
            chosen={chosen}
            onChange={setChosen}
            // The owner has every permission already; members change theirs in the table below.
            isDisabled={(person) => person.is_owner || memberIds.has(person.user_id)}
            ariaLabel={t('projects.members.choose')}
            placeholder={t('projects.members.choose')}
            notFoundText={t('projects.members.none_found')}
          />
          <PermissionSelect
            value={permission}
            onChange={setPermission}
            ariaLabel={t('projects.members.new_permission')}
          />
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            disabled={chosen.length === 0}
            loading={isAdding}
            onClick={() => void add()}
          >
            {t('projects.members.add')}
          </Button>
        </div>

        <Table<ProjectMember>
          rowKey="user_id"
          size="small"
          columns={columns}
          dataSource={members.data ?? []}
          loading={members.isPending}
          pagination={false}
          locale={{ emptyText: t('projects.members.empty') }}
          scroll={{ x: 'max-content' }}
        />
      </div>
    </Modal>
  );
}
