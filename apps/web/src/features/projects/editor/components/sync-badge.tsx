import {
  CheckCircleOutlined,
  CloudSyncOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncStatus } from '../collab/sync-status.ts';

const ICONS: Record<SyncStatus, ReactNode> = {
  connecting: <LoadingOutlined />,
  saved: <CheckCircleOutlined />,
  saving: <CloudSyncOutlined />,
  offline: <DisconnectOutlined />,
  sync_failed: <ExclamationCircleOutlined />,
};

/** Saved, saving, offline…: where the document's changes are. */
export function SyncBadge({ status }: { status: SyncStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`doc-sync doc-sync--${status}`} role="status" data-status={status}>
      {ICONS[status]}
      <span className="doc-sync__text">{t(`doc_editor.status_${status}`)}</span>
    </span>
  );
}
