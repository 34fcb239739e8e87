import { lazy, Suspense } from 'react';
import { billingSlots } from '../billing-slots.tsx';

export type ShellDialog = 'account' | 'team_invitation' | 'create_team' | 'join_team';

// Each dialog is its own chunk (forms, uploads, QR code, cascader): downloaded when first opened, so the
// shell, on every signed-in first screen, does not wait for them.
const AccountCentreDialog = lazy(() =>
  import('../../features/account/components/account-centre-dialog.tsx').then((module) => ({
    default: module.AccountCentreDialog,
  })),
);
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

/** The shell's dialogs: account centre, team invitation, create and join team. */
export function ShellDialogs({
  open,
  onOpen,
  onClose,
}: {
  open: ShellDialog | null;
  onOpen: (dialog: ShellDialog) => void;
  onClose: () => void;
}) {
  return (
    <Suspense fallback={null}>
      {open === 'account' && <AccountCentreDialog open onClose={onClose} slots={billingSlots} />}
      {open === 'team_invitation' && (
        <TeamInvitationDialog open onClose={onClose} onOpenTeamDialog={onOpen} />
      )}
      {open === 'create_team' && <CreateTeamDialog open onClose={onClose} />}
      {open === 'join_team' && <JoinTeamDialog open onClose={onClose} />}
    </Suspense>
  );
}
