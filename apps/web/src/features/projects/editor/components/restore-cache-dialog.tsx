import { formatDateTime } from '@tandem/contract/date-format';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../../shared/i18n/i18n.ts';

/**
 * Edits made on this device never reached the server (the tab was closed offline): merge them into the
 * document, or drop them and load the server's copy.
 */
export function RestoreCacheDialog({
  since,
  onRestore,
  onAbandon,
}: {
  since: number;
  onRestore(): void;
  onAbandon(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <Result
      className="doc-restore"
      status="info"
      title={t('doc_editor.unsynced_title')}
      subTitle={t('doc_editor.unsynced_body', { time: formatDateTime(since, locale) })}
      extra={[
        <Button key="restore" type="primary" onClick={onRestore}>
          {t('doc_editor.unsynced_restore')}
        </Button>,
        <Button key="abandon" danger onClick={onAbandon}>
          {t('doc_editor.unsynced_abandon')}
        </Button>,
      ]}
    />
  );
}
