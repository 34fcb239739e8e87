import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Offline, or a sync that failed: either way the changes are safe on this device. */
export function SyncBanner({ kind }: { kind: 'offline' | 'sync_failed' }) {
  const { t } = useTranslation();
  return (
    <Alert
      className="doc-banner"
      banner
      showIcon
      type={kind === 'offline' ? 'warning' : 'error'}
      title={t(kind === 'offline' ? 'doc_editor.offline_banner' : 'doc_editor.sync_failed_banner')}
    />
  );
}
