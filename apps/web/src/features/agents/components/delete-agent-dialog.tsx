import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Deleting an agent cannot be undone: the dialog says what goes with it before the user confirms. */
export function DeleteAgentDialog({
  agentName,
  open,
  isDeleting,
  onCancel,
  onConfirm,
}: {
  agentName: string;
  open: boolean;
  isDeleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onCancel}
      destroyOnHidden
      width={440}
      title={
        <span className="agent-danger-title">
          <ExclamationCircleFilled aria-hidden="true" /> {t('agents.delete.title', { name: agentName })}
        </span>
      }
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('common.cancel')}
        </Button>,
        <Button key="delete" type="primary" danger loading={isDeleting} onClick={onConfirm}>
          {t('agents.delete.confirm')}
        </Button>,
      ]}
    >
      <p>{t('agents.delete.body')}</p>
    </Modal>
  );
}
