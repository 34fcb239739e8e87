import { CloseOutlined, DeleteOutlined, DownloadOutlined, DragOutlined } from '@ant-design/icons';
import { EXPORT_FORMATS, type ExportFormat } from '@tandem/contract/project-rules';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The batch actions over the checked entries: they need a selection first, so each stays disabled until
 * something is checked.
 */
export function BatchBar({
  count,
  canWrite,
  onMove,
  onDownload,
  onDelete,
  onExit,
}: {
  count: number;
  canWrite: boolean;
  onMove: () => void;
  onDownload: (format: ExportFormat) => void;
  onDelete: () => void;
  onExit: () => void;
}) {
  const { t } = useTranslation();
  const isEmpty = count === 0;
  return (
    <div className="batch-bar" role="toolbar" aria-label={t('projects.batch.toolbar')}>
      <span className="batch-bar__count" aria-live="polite">
        {isEmpty ? t('projects.batch.none') : t('projects.batch.selected', { count })}
      </span>
      {canWrite && (
        <Button icon={<DragOutlined />} disabled={isEmpty} onClick={onMove}>
          {t('projects.batch.move')}
        </Button>
      )}
      <Dropdown
        disabled={isEmpty}
        trigger={['click']}
        menu={{
          items: EXPORT_FORMATS.map((format) => ({ key: format, label: t(`projects.format.${format}`) })),
          onClick: ({ key }) => onDownload(key as ExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} disabled={isEmpty}>
          {t('projects.batch.download')}
        </Button>
      </Dropdown>
      {canWrite && (
        <Button danger icon={<DeleteOutlined />} disabled={isEmpty} onClick={onDelete}>
          {t('projects.batch.delete')}
        </Button>
      )}
      <Button type="text" icon={<CloseOutlined />} onClick={onExit}>
        {t('projects.batch.exit')}
      </Button>
    </div>
  );
}
