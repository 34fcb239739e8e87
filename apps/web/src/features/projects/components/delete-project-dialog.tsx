import { useTranslation } from 'react-i18next';
import { TypedConfirmationDialog } from '../../../shared/ui/typed-confirmation-dialog.tsx';
import { deleteProject, type ProjectItem } from '../api/projects.ts';
import { couldStillMatchName, isProjectNameMatch } from '../model/project-form.ts';

/**
 * Deleting a project takes its documents with it: the owner types the project's name first. What was
 * typed goes to the server, which checks it again.
 */
export function DeleteProjectDialog({
  project,
  onClose,
  onDeleting,
  onDeleted,
}: {
  project: ProjectItem | null;
  onClose: () => void;
  /** Just before the request: the team hears of the deletion, this user too, perhaps before the answer. */
  onDeleting?: () => void;
  onDeleted: (project: ProjectItem) => void;
}) {
  const { t } = useTranslation();
  const name = project?.name ?? '';
  return (
    <TypedConfirmationDialog
      open={!!project}
      onClose={onClose}
      title={t('projects.delete.title', { name })}
      body={t('projects.delete.body', { count: project?.doc_count ?? 0 })}
      prompt={t('projects.delete.prompt', { name })}
      placeholder={name}
      isMatch={(typed) => isProjectNameMatch(typed, name)}
      couldStillMatch={(typed) => couldStillMatchName(typed, name)}
      mismatchMessage={t('error.project_name_mismatch')}
      confirmLabel={t('projects.delete.confirm')}
      onConfirm={async (typed) => {
        if (!project) return;
        onDeleting?.();
        await deleteProject(project.id, typed.trim());
        onDeleted(project);
      }}
    />
  );
}
