import { useTranslation } from 'react-i18next';
import { useClientConfig } from './client-config.ts';

export const DEV_OUTBOX_PATH = '/dev/outbox';

/**
 * Outside production no mail or SMS leaves the server: code screens point to the development mailbox,
 * opened beside the form so what was typed stays.
 */
export function DevOutboxLink() {
  const { t } = useTranslation();
  if (!useClientConfig().dev_outbox) return null;
  return (
    <a className="dev-outbox-link" href={DEV_OUTBOX_PATH} target="_blank" rel="noopener">
      {t('auth.dev_outbox_link')}
    </a>
  );
}
