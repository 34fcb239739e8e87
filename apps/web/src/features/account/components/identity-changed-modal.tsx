import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RefreshReason, useIdentityStore } from '../hooks/identity-store.ts';

const TEXTS: Record<RefreshReason, { title: string; body: string }> = {
  identity_changed: { title: 'session.identity_changed_title', body: 'error.identity_changed' },
  signed_out_remotely: { title: 'devices.signed_out_remotely_title', body: 'devices.signed_out_remotely' },
};

/** Non-dismissible: this tab no longer speaks for its session, so the only way on is a refresh. */
export function IdentityChangedModal() {
  const { t } = useTranslation();
  const reason = useIdentityStore((state) => state.reason);
  const [isReloading, setIsReloading] = useState(false);
  return (
    <Modal
      open
      title={t(TEXTS[reason].title)}
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
      <p>{t(TEXTS[reason].body)}</p>
    </Modal>
  );
}
