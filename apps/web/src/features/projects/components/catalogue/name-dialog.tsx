import { cleanDocName, DOC_NAME_MAX } from '@tandem/contract/project-rules';
import { Button, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The name of a new document or group, or a new name for one: shown as the server will keep it (other
 * characters than letters, digits, `_`, `-`, space and `.` become a hyphen). A new entry may stay
 * unnamed; a rename needs a name.
 */
export function NameDialog({
  open,
  title,
  initialName,
  placeholder,
  isNameRequired,
  submitLabel,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  initialName: string;
  placeholder: string;
  isNameRequired: boolean;
  submitLabel: string;
  onClose: () => void;
  /** Given the cleaned name; a failure leaves the dialog open. */
  onSubmit: (name: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const formId = useId();

  async function submit(name: string) {
    setIsSubmitting(true);
    try {
      if (await onSubmit(name)) onClose();
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={440}
      title={title}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={formId} loading={isSubmitting}>
          {submitLabel}
        </Button>,
      ]}
    >
      <NameForm
        id={formId}
        initialName={initialName}
        placeholder={placeholder}
        isNameRequired={isNameRequired}
        onSubmit={(name) => void submit(name)}
      />
    </Modal>
  );
}

/** The field itself, inside the dialog so each opening starts from `initialName`. */
function NameForm({
  id,
  initialName,
  placeholder,
  isNameRequired,
  onSubmit,
}: {
  id: string;
  initialName: string;
  placeholder: string;
  isNameRequired: boolean;
  onSubmit: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(initialName);
  const [isChecked, setIsChecked] = useState(false);
  const inputId = useId();
  const cleaned = cleanDocName(typed);
  const isMissing = isNameRequired && cleaned === '';
  const isChanged = cleaned !== typed.trim() && cleaned !== '';

  return (
    <form
      id={id}
      onSubmit={(event) => {
        event.preventDefault();
        setIsChecked(true);
        if (!isMissing) onSubmit(cleaned);
      }}
    >
      <label htmlFor={inputId} className="name-dialog__label">
        {t('projects.tree.name')}
      </label>
      <Input
        id={inputId}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={placeholder}
        maxLength={DOC_NAME_MAX * 2}
        autoFocus
        onFocus={(event) => event.target.select()}
        status={isChecked && isMissing ? 'error' : undefined}
        aria-invalid={isChecked && isMissing}
      />
      {isChecked && isMissing && (
        <div className="name-dialog__error" role="alert">
          {t('projects.tree.name_required')}
        </div>
      )}
      {isChanged && (
        <div className="name-dialog__cleaned" role="status">
          {t('projects.tree.name_cleaned', { name: cleaned })}
        </div>
      )}
    </form>
  );
}
