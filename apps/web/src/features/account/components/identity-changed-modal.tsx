import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Non-dismissible: this tab now speaks for another account, so the only way on is a refresh. */
export function IdentityChangedModal() {
  const { t } = useTranslation();
  const [isReloading, setIsReloading] = useState(false);
  return (
    <Modal
      open
      title={t('session.identity_changed_title')}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={
        <Button
          type="primary"
          loading={isReloading}
          autoFocus
          onClick={() => {
            setIsReloading(true);
            location.reload();
          }}
        >
          {t('common.refresh')}
        </Button>
      }
    >
      <p>{t('error.identity_changed')}</p>
    </Modal>
  );
}
