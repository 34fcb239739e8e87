import { FilePdfOutlined, FileTextOutlined, FolderOutlined } from '@ant-design/icons';
import { formatDate } from '@tandem/contract/date-format';
import { TRASH_RETENTION_DAYS } from '@tandem/contract/document-trash';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Popconfirm, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../../shared/ui/notices.ts';
import {
  purgeFromTrash,
  restoreFromTrash,
  type TrashItem,
  trashKey,
  trashQuery,
} from '../../api/document-trash.ts';
import { docTreeKey } from '../../api/documents.ts';
import { PROJECT_LIST_KEY } from '../../api/projects.ts';
import { docNameOf } from '../../model/doc-name.ts';

const KIND_ICONS = { doc: FileTextOutlined, group: FolderOutlined, pdf: FilePdfOutlined } as const;

/**
 * A project's trash: what was deleted in the last 30 days, newest first, each to restore (back where
 * it was) or to delete for good.
 */
export function TrashDialog({
  projectId,
  open,
  onClose,
}: {
  projectId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const trash = useQuery({ ...trashQuery(projectId), enabled: open });
  const [busyId, setBusyId] = useState<number | null>(null);

  async function act(item: TrashItem, action: 'restore' | 'purge') {
    setBusyId(item.id);
    try {
      await (action === 'restore' ? restoreFromTrash([item.id]) : purgeFromTrash([item.id]));
      showNotice(
        {
          key: action === 'restore' ? 'projects.trash.restored' : 'projects.trash.purged',
          values: { name: docNameOf(item, t) },
        },
        'success',
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trashKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: docTreeKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: PROJECT_LIST_KEY }),
      ]);
    } catch {
      // The HTTP client has said what went wrong.
    } finally {
      setBusyId(null);
    }
  }

  const items = trash.data ?? [];
  let body: React.ReactNode;
  if (trash.isPending) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (trash.isError)
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projects.trash.failed')}>
        <Button onClick={() => void trash.refetch()}>{t('common.retry')}</Button>
      </Empty>
    );
  else if (items.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projects.trash.empty')} />;
  else
    body = (
      <ul className="trash-list" aria-label={t('projects.trash.title')}>
        {items.map((item) => {
          const Icon = KIND_ICONS[item.kind];
          const name = docNameOf(item, t);
          const date = formatDate(item.deleted_at, i18n.language);
          return (
            <li key={item.id} className="trash-list__item">
              <Icon aria-hidden className="trash-list__icon" />
              <div className="trash-list__text">
                <span className="trash-list__name" title={name}>
                  {name}
                </span>
                <span className="trash-list__meta">
                  {item.deleted_by
                    ? t('projects.trash.deleted', { date, name: item.deleted_by })
                    : t('projects.trash.deleted_no_name', { date })}
                  {item.kind === 'group' &&
                    ` · ${t('projects.trash.docs_inside', { count: item.doc_count })}`}
                </span>
                <span className="trash-list__meta">
                  {t('projects.trash.purge_on', { date: formatDate(item.purge_at, i18n.language) })}
                </span>
              </div>
              <div className="trash-list__actions">
                <Button
                  size="small"
                  loading={busyId === item.id}
                  aria-label={`${t('projects.trash.restore')} ${name}`}
                  onClick={() => void act(item, 'restore')}
                >
                  {t('projects.trash.restore')}
                </Button>
                <Popconfirm
                  title={t('projects.trash.purge_title', { name })}
                  description={t('projects.trash.purge_body')}
                  okText={t('projects.trash.purge')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common.cancel')}
                  onConfirm={() => act(item, 'purge')}
                >
                  <Button
                    size="small"
                    danger
                    disabled={busyId === item.id}
                    aria-label={`${t('projects.trash.purge')} ${name}`}
                  >
                    {t('projects.trash.purge')}
                  </Button>
                </Popconfirm>
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
      title={t('projects.trash.title')}
    >
      <p className="trash-hint">{t('projects.trash.hint', { days: TRASH_RETENTION_DAYS })}</p>
      {body}
    </Modal>
  );
}
