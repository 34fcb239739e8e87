import {
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  FileTextOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectSpacePathOf } from '../../../shared/routing/project-paths.ts';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import '../../../shared/ui/card-link.css';
import type { ProjectItem } from '../api/projects.ts';
import { projectAbilities } from '../model/project-abilities.ts';
import { ProjectCover } from './project-cover.tsx';

export type ProjectCardAction = 'edit' | 'delete';

/**
 * One project in the list: its cover, name, description, how many documents it holds and when it last
 * changed. The name's link covers the card; the menu offers what the caller's role allows.
 */
export function ProjectCard({
  project,
  showVisit = false,
  onAction,
}: {
  project: ProjectItem;
  /** In "Recently visited": when the caller last opened it, rather than when it last changed. */
  showVisit?: boolean;
  onAction: (action: ProjectCardAction, project: ProjectItem) => void;
}) {
  const { t } = useTranslation();
  const abilities = projectAbilities(project.role);
  const menu: NonNullable<MenuProps['items']> = [];
  if (abilities.edit) menu.push({ key: 'edit', icon: <EditOutlined />, label: t('projects.card.edit') });
  if (abilities.delete) {
    menu.push({ key: 'delete', icon: <DeleteOutlined />, label: t('projects.card.delete'), danger: true });
  }
  const titleId = `project-card-${project.id}`;
  const isVisitShown = showVisit && !!project.visited_at;

  return (
    <article className="project-card card-link-host" aria-labelledby={titleId}>
      <ProjectCover cover={project.cover} className="project-card__cover" />
      <div className="project-card__body">
        <div className="project-card__head">
          <h3 id={titleId} className="project-card__name" title={project.name}>
            <Link to={projectSpacePathOf(project.uniq_code)} className="card-link">
              {project.name}
            </Link>
          </h3>
          {menu.length > 0 && (
            <Dropdown
              trigger={['click']}
              menu={{ items: menu, onClick: ({ key }) => onAction(key as ProjectCardAction, project) }}
            >
              <Button
                type="text"
                size="small"
                className="project-card__more"
                icon={<EllipsisOutlined />}
                aria-label={t('projects.card.more', { name: project.name })}
              />
            </Dropdown>
          )}
        </div>
        <p className="project-card__description">
          {project.description || t('projects.card.no_description')}
        </p>
        <footer className="project-card__facts">
          <span>
            <FileTextOutlined aria-hidden="true" /> {t('projects.card.docs', { count: project.doc_count })}
          </span>
          <span className="project-card__owner" title={project.owner_name}>
            <UserOutlined aria-hidden="true" /> {project.owner_name}
          </span>
          <span className="project-card__time">
            {isVisitShown ? t('projects.card.visited') : t('projects.card.updated')}{' '}
            <RelativeTime value={(isVisitShown && project.visited_at) || project.updated_at} />
          </span>
        </footer>
      </div>
    </article>
  );
}
