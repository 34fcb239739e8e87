import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Input, Modal } from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './typed-confirmation-dialog.css';

/**
 * A dangerous action the user confirms by typing something out (their email, a word): the button wakes
 * only once `isMatch` says so. A failed `onConfirm` leaves the dialog open to try again (the HTTP client
 * has said why); a successful one leaves the page, so the button keeps spinning until it goes.
 */
export function TypedConfirmationDialog({
  open,
  onClose,
  title,
  body,
  prompt,
  placeholder,
  isMatch,
  couldStillMatch,
  confirmLabel,
  mismatchMessage,
  unavailable,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  body: string;
  /** The field's label, saying what to type. */
  prompt: string;
  placeholder?: string;
  isMatch: (typed: string) => boolean;
  /** Whether more typing could still make a match; the mismatch message then waits until it cannot. */
  couldStillMatch?: (typed: string) => boolean;
  confirmLabel: string;
  /**
   * Said beside the field once the text cannot match (typed wrong, left, or Enter pressed before it
   * matches), so a greyed button is never the only answer; without it, Enter then does nothing.
   */
  mismatchMessage?: string;
  /** Shown instead of the field when there is nothing the user could type; the action stays disabled. */
  unavailable?: ReactNode;
  /** Given what was typed, so the server can check it too. */
  onConfirm: (typed: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [isChecked, setIsChecked] = useState(false);
  const inputId = useId();
  const canConfirm = !unavailable && isMatch(typed);
  const isMismatchShown =
    !!mismatchMessage &&
    !canConfirm &&
    (isChecked || (typed.trim() !== '' && couldStillMatch !== undefined && !couldStillMatch(typed)));

  async function confirm() {
    if (!canConfirm) {
      setIsChecked(true);
      return;
    }
    setIsConfirming(true);
    try {
      await onConfirm(typed);
    } catch {
      setIsConfirming(false);
    }
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => {
        setTyped('');
        setIsChecked(false);
      }}
      width={480}
      title={
        <span className="typed-confirmation__title">
          <ExclamationCircleFilled aria-hidden="true" /> {title}
        </span>
      }
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="confirm"
          danger
          type="primary"
          disabled={!canConfirm}
          loading={isConfirming}
          onClick={confirm}
        >
          {confirmLabel}
        </Button>,
      ]}
    >
      <p>{body}</p>
      {unavailable ?? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <label htmlFor={inputId} className="typed-confirmation__label">
            {prompt}
          </label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setIsChecked(false);
            }}
            onBlur={() => setIsChecked(typed.trim() !== '')}
            placeholder={placeholder}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            status={isMismatchShown ? 'error' : undefined}
            aria-invalid={isMismatchShown}
          />
          {isMismatchShown && (
            <div className="typed-confirmation__error" role="alert">
              {mismatchMessage}
            </div>
          )}
        </form>
      )}
    </Modal>
  );
}
