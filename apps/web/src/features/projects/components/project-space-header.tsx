import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROJECTS_PATH } from '../../../shared/routing/project-paths.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { isPersonalTeam } from '../../../shared/session/session-user.ts';
import type { ProjectItem } from '../api/projects.ts';
import { projectAbilities } from '../model/project-abilities.ts';
import { ProjectCover } from './project-cover.tsx';

/** The top of a project's space: cover, name, description, and what the caller's role lets them change. */
export function ProjectSpaceHeader({
  project,
  onEdit,
  onMembers,
  onDelete,
}: {
  project: ProjectItem;
  onEdit: () => void;
  onMembers: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const abilities = projectAbilities(project.role);
  const team = useSessionStore((state) => state.user?.current_team);
  // A personal team has no one else to share a project with.
  const canShare = abilities.manageMembers && !(team && isPersonalTeam(team));
  return (
    <header className="project-space__header">
      <ProjectCover cover={project.cover} className="project-space__cover" />
      <div className="project-space__heading">
        <Link to={PROJECTS_PATH} className="project-space__back">
          <ArrowLeftOutlined aria-hidden="true" /> {t('projects.space.back')}
        </Link>
        <h1 className="project-space__title">{project.name}</h1>
        {project.description && <p className="project-space__description">{project.description}</p>}
        <p className="project-space__role">
          {t('projects.space.your_role', { role: t(`projects.role.${project.role}`) })}
        </p>
      </div>
      {(abilities.edit || canShare || abilities.delete) && (
        <div className="project-space__actions">
          {canShare && (
            <Button icon={<TeamOutlined />} onClick={onMembers}>
              {t('projects.space.members')}
            </Button>
          )}
          {abilities.edit && (
            <Button icon={<EditOutlined />} onClick={onEdit}>
              {t('projects.space.edit')}
            </Button>
          )}
          {abilities.delete && (
            <Tooltip title={t('projects.space.delete')}>
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={onDelete}
                aria-label={t('projects.space.delete')}
              />
            </Tooltip>
          )}
        </div>
      )}
    </header>
  );
}
