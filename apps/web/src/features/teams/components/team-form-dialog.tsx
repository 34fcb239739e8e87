import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './team-dialogs.css';

/**
 * A team dialog holding one form (create or join a team, edit a department): an optional lead line, the
 * form, and a footer whose submit button sends the form by its id.
 */
export function TeamFormDialog({
  open,
  onClose,
  title,
  lead,
  width,
  formId,
  submitLabel,
  isSubmitting,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  lead?: string;
  width: number;
  /** The `id` of the form among the children. */
  formId: string;
  submitLabel: string;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={width}
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
      {lead && <p className="team-dialog__lead">{lead}</p>}
      {children}
    </Modal>
  );
}
