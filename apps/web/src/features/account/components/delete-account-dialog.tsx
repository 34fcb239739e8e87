import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../shared/session/session-user.ts';
import { TypedConfirmationDialog } from '../../../shared/ui/typed-confirmation-dialog.tsx';
import { deleteAccount } from '../api/delete-account.ts';
import { useSignInAgain } from '../hooks/use-sign-in-again.ts';
import {
  canConfirmDeletion,
  couldBecomeMatch,
  deletionBody,
  deletionIdentityOf,
} from './delete-account-rules.ts';

/** Deleting the account asks the user to type its email (or phone); with neither, it cannot be verified. */
export function DeleteAccountDialog({
  user,
  open,
  onClose,
}: {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const identity = deletionIdentityOf(user);
  const signInAgain = useSignInAgain();
  return (
    <TypedConfirmationDialog
      open={open}
      onClose={onClose}
      title={t('account_settings.delete_title')}
      body={t('account_settings.delete_body')}
      prompt={identity ? t(`account_settings.delete_type_${identity.kind}`, { value: identity.value }) : ''}
      isMatch={(typed) => canConfirmDeletion(identity, typed)}
      couldStillMatch={(typed) => couldBecomeMatch(identity, typed)}
      confirmLabel={t('account_settings.delete_confirm')}
      mismatchMessage={t('error.delete_account_mismatch')}
      unavailable={
        identity ? undefined : <Alert type="error" showIcon title={t('error.delete_account_unverifiable')} />
      }
      onConfirm={async () => {
        if (!identity) return;
        // A refusal (a team that still has members, a mismatch) is reported by the HTTP client.
        await deleteAccount(deletionBody(identity));
        signInAgain('account_settings.deleted');
      }}
    />
  );
}
