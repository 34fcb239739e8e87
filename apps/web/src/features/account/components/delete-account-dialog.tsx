import { ExclamationCircleFilled } from '@ant-design/icons';
import { Alert, Button, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../shared/session/session-user.ts';
import { deleteAccount } from '../api/delete-account.ts';
import { useSignInAgain } from '../hooks/use-sign-in-again.ts';
import { canConfirmDeletion, deletionBody, deletionIdentityOf } from './delete-account-rules.ts';

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
  const [typed, setTyped] = useState('');
  const [isDeleting, setIsDeleting] = useState(false);
  const [isMismatchShown, setIsMismatchShown] = useState(false);
  const signInAgain = useSignInAgain();
  const inputId = useId();
  const canConfirm = canConfirmDeletion(identity, typed);

  async function confirm() {
    if (!identity || !canConfirm) {
      setIsMismatchShown(true);
      return;
    }
    setIsDeleting(true);
    try {
      await deleteAccount(deletionBody(identity));
      signInAgain('account_settings.deleted');
    } catch {
      // Reported by the HTTP client (still owns a team with members, mismatch).
    } finally {
      setIsDeleting(false);
    }
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        setTyped('');
        setIsMismatchShown(false);
      }}
      width={480}
      title={
        <span className="delete-account__title">
          <ExclamationCircleFilled aria-hidden="true" /> {t('account_settings.delete_title')}
        </span>
      }
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="delete"
          danger
          type="primary"
          disabled={!canConfirm}
          loading={isDeleting}
          onClick={confirm}
        >
          {t('account_settings.delete_confirm')}
        </Button>,
      ]}
    >
      <p>{t('account_settings.delete_body')}</p>
      {identity ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <label htmlFor={inputId} className="delete-account__label">
            {t(`account_settings.delete_type_${identity.kind}`, { value: identity.value })}
          </label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setIsMismatchShown(false);
            }}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            status={isMismatchShown ? 'error' : undefined}
            aria-invalid={isMismatchShown}
          />
          {isMismatchShown && (
            <div className="delete-account__error" role="alert">
              {t('error.delete_account_mismatch')}
            </div>
          )}
        </form>
      ) : (
        <Alert type="error" showIcon title={t('error.delete_account_unverifiable')} />
      )}
    </Modal>
  );
}
