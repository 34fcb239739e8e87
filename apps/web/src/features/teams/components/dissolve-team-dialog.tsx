import { useTranslation } from 'react-i18next';
import { showNoticeOnNextPage } from '../../../shared/ui/notices.ts';
import { TypedConfirmationDialog } from '../../../shared/ui/typed-confirmation-dialog.tsx';
import { reloadAtRoot } from '../api/session.ts';
import { dissolveTeam } from '../api/team-settings.ts';
import { canDissolve, DISSOLVE_TEAM_CONFIRM_TEXT } from './dissolve-rules.ts';

/** Dissolving asks for DELETE typed out; every member then lands in their personal team, as does the owner. */
export function DissolveTeamDialog({
  teamName,
  open,
  onClose,
}: {
  teamName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TypedConfirmationDialog
      open={open}
      onClose={onClose}
      title={t('org_admin.dissolve_title', { name: teamName })}
      body={t('org_admin.dissolve_body')}
      prompt={t('org_admin.dissolve_type', { word: DISSOLVE_TEAM_CONFIRM_TEXT })}
      placeholder={DISSOLVE_TEAM_CONFIRM_TEXT}
      isMatch={canDissolve}
      confirmLabel={t('org_admin.dissolve_confirm')}
      onConfirm={async () => {
        await dissolveTeam(DISSOLVE_TEAM_CONFIRM_TEXT);
        showNoticeOnNextPage({ key: 'org_admin.dissolved', values: { name: teamName } });
        reloadAtRoot();
      }}
    />
  );
}
