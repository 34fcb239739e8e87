import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/http-client.ts';
import { PROJECTS_PATH } from '../../../shared/routing/project-paths.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { PROJECT_LIST_KEY, projectInfoKey, projectInfoQuery } from '../api/projects.ts';
import { Catalogue } from '../components/catalogue/catalogue.tsx';
import { DeleteProjectDialog } from '../components/delete-project-dialog.tsx';
import { KnowledgeSearchBox } from '../components/knowledge-search/knowledge-search-box.tsx';
import { ProjectFormDialog } from '../components/project-form-dialog.tsx';
import { ProjectMembersDialog } from '../components/project-members-dialog.tsx';
import { ProjectSpaceHeader } from '../components/project-space-header.tsx';
import { useProjectDeletions } from '../hooks/use-project-deletions.ts';
import { projectAbilities } from '../model/project-abilities.ts';
import '../components/projects.css';

/** Why a project cannot be shown, from the server's answer. */
function problemOf(error: unknown) {
  if (error instanceof ApiError && (error.status === 410 || error.code === 2203))
    return 'error.project_deleted';
  if (error instanceof ApiError && error.status === 404) return 'projects.space.not_found';
  return 'projects.space.failed';
}

/** A project's space (/projects/space/:uniq_code): its header and its catalogue of documents. */
export function ProjectSpacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { uniq_code: uniqCode = '' } = useParams();
  const info = useQuery(projectInfoQuery(uniqCode));
  const project = info.data;
  const [isEditing, setIsEditing] = useState(false);
  const [isMembersOpen, setIsMembersOpen] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  // This user's own deletion: its dialog says it once; the team's notice of it must not say it again.
  const isDeletingHere = useRef(false);

  useProjectDeletions(project?.id, () => {
    if (isDeletingHere.current) return;
    showNotice({ key: 'error.project_deleted' }, 'warning');
    navigate(PROJECTS_PATH, { replace: true });
  });

  if (info.isPending) {
    return (
      <div className="project-space" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('common.loading')}
        </span>
        <Skeleton active avatar={{ shape: 'square', size: 96 }} paragraph={{ rows: 2 }} />
      </div>
    );
  }
  if (!project) {
    const problem = problemOf(info.error);
    return (
      <Result
        className="project-space__problem"
        status={problem === 'projects.space.failed' ? 'warning' : '404'}
        title={t(problem)}
        extra={[
          problem === 'projects.space.failed' && (
            <Button key="retry" onClick={() => void info.refetch()}>
              {t('common.retry')}
            </Button>
          ),
          <Button key="back" type="primary" onClick={() => navigate(PROJECTS_PATH)}>
            {t('projects.space.back')}
          </Button>,
        ]}
      />
    );
  }

  const abilities = projectAbilities(project.role);
  const refreshProject = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectInfoKey(uniqCode) }),
      queryClient.invalidateQueries({ queryKey: PROJECT_LIST_KEY }),
    ]);

  return (
    <div className="project-space">
      <ProjectSpaceHeader
        project={project}
        onEdit={() => setIsEditing(true)}
        onMembers={() => setIsMembersOpen(true)}
        onDelete={() => setIsDeleting(true)}
      />
      <KnowledgeSearchBox projectId={project.id} />
      <Catalogue projectId={project.id} projectName={project.name} canWrite={abilities.write} />

      <ProjectFormDialog
        open={isEditing}
        project={project}
        onClose={() => setIsEditing(false)}
        onSaved={() => {
          setIsEditing(false);
          void refreshProject();
        }}
      />
      {abilities.manageMembers && (
        <ProjectMembersDialog
          open={isMembersOpen}
          project={project}
          onClose={() => setIsMembersOpen(false)}
          onAccessChanged={() => void refreshProject()}
        />
      )}
      <DeleteProjectDialog
        project={isDeleting ? project : null}
        onClose={() => {
          isDeletingHere.current = false;
          setIsDeleting(false);
        }}
        onDeleting={() => {
          isDeletingHere.current = true;
        }}
        onDeleted={(deleted) => {
          showNotice({ key: 'projects.delete.done', values: { name: deleted.name } }, 'success');
          queryClient.removeQueries({ queryKey: projectInfoKey(uniqCode) });
          void queryClient.invalidateQueries({ queryKey: PROJECT_LIST_KEY });
          navigate(PROJECTS_PATH, { replace: true });
        }}
      />
    </div>
  );
}
