import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';

/** Asks before leaving the editor with changes that are not saved. */
export function LeaveConfirmation({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('agents.editor.leave_title')}
      onCancel={() => blocker.reset?.()}
      width={420}
      footer={[
        <Button key="stay" type="primary" onClick={() => blocker.reset?.()}>
          {t('agents.editor.leave_stay')}
        </Button>,
        <Button key="leave" danger onClick={() => blocker.proceed?.()}>
          {t('agents.editor.leave_confirm')}
        </Button>,
      ]}
    >
      <p>{t('agents.editor.leave_body')}</p>
    </Modal>
  );
}
