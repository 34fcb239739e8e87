import { lazy, Suspense } from 'react';
import { AccountCentreDialog } from '../../features/account/components/account-centre-dialog.tsx';

export type ShellDialog = 'account' | 'team_invitation' | 'create_team' | 'join_team';

// Each team dialog is its own chunk (QR code, cascader, forms): downloaded when first opened.
const TeamInvitationDialog = lazy(() =>
  import('../../features/teams/components/team-invitation-dialog.tsx').then((module) => ({
    default: module.TeamInvitationDialog,
  })),
);
const CreateTeamDialog = lazy(() =>
  import('../../features/teams/components/create-team-dialog.tsx').then((module) => ({
    default: module.CreateTeamDialog,
  })),
);
const JoinTeamDialog = lazy(() =>
  import('../../features/teams/components/join-team-dialog.tsx').then((module) => ({
    default: module.JoinTeamDialog,
  })),
);

/** The shell's dialogs (spec part A section 2): account centre, team invitation, create and join team. */
export function ShellDialogs({
  open,
  onOpen,
  onClose,
}: {
  open: ShellDialog | null;
  onOpen: (dialog: ShellDialog) => void;
  onClose: () => void;
}) {
  if (open === 'account') return <AccountCentreDialog open onClose={onClose} />;
  return (
    <Suspense fallback={null}>
      {open === 'team_invitation' && (
        <TeamInvitationDialog open onClose={onClose} onOpenTeamDialog={onOpen} />
      )}
      {open === 'create_team' && <CreateTeamDialog open onClose={onClose} />}
      {open === 'join_team' && <JoinTeamDialog open onClose={onClose} />}
    </Suspense>
  );
}
