import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import { formatRelativeTime } from '@tandem/contract/relative-time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Modal, Popconfirm, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeOf } from '../../../shared/api/failure.ts';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import {
  type ConversationShare,
  createShare,
  revokeShare,
  sharesKey,
  sharesQuery,
} from '../api/chat-share.ts';
import './share-dialog.css';
import { copyText } from '../../../shared/ui/copy-text.ts';

type Props = { conversationId: string; onClose(): void };

/**
 * Share links of the open conversation: each a snapshot of it as it was when made, copied from here and
 * revoked (after a confirmation) from here. A new link is made on request, so opening the dialog to copy
 * a link or revoke one makes none.
 */
export function ShareDialog({ conversationId, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const shares = useQuery(sharesQuery(conversationId));
  const [newest, setNewest] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createShare(conversationId),
    onSuccess: async (share) => {
      setNewest(share.share_code);
      showNotice({ key: 'chat_share.created' }, 'success');
      await queryClient.invalidateQueries({ queryKey: sharesKey(conversationId) });
    },
  });
  const links = shares.data?.data ?? [];
  const createError = create.isError ? noticeOf(create.error) : null;

  return (
    <Modal
      open
      title={t('chat_share.dialog_title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={560}
    >
      <div className="share-dialog">
        <Typography.Paragraph type="secondary" className="share-dialog-intro">
          {t('chat_share.intro')}
        </Typography.Paragraph>
        <Button
          type="primary"
          icon={<LinkOutlined />}
          loading={create.isPending}
          onClick={() => create.mutate()}
        >
          {links.length > 0 ? t('chat_share.create_another') : t('chat_share.create')}
        </Button>
        {createError && <Alert type="error" showIcon title={t(createError.key, createError.values)} />}
        <Typography.Title level={5} className="share-dialog-heading">
          {t('chat_share.active_links')}
        </Typography.Title>
        {shares.isPending && <Spin aria-label={t('common.loading')} />}
        {shares.isError && <Alert type="error" showIcon title={t('chat_share.list_failed')} />}
        {shares.isSuccess && links.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat_share.no_links')} />
        )}
        <ul className="share-dialog-links">
          {links.map((share) => (
            <ShareLink
              key={share.share_code}
              share={share}
              isNew={share.share_code === newest}
              onRevoked={() => queryClient.invalidateQueries({ queryKey: sharesKey(conversationId) })}
            />
          ))}
        </ul>
      </div>
    </Modal>
  );
}

function ShareLink({
  share,
  isNew,
  onRevoked,
}: {
  share: ConversationShare;
  isNew: boolean;
  onRevoked(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const copy = async () => {
    try {
      await copyText(share.url);
      showNotice({ key: 'chat_share.copied' }, 'success');
    } catch {
      showNotice({ key: 'chat_share.copy_failed' }, 'warning');
    }
  };
  const revoke = async () => {
    await revokeShare(share.share_code);
    showNotice({ key: 'chat_share.revoked' }, 'success');
    await onRevoked();
  };
  return (
    <li className={isNew ? 'share-dialog-link is-new' : 'share-dialog-link'}>
      <Space.Compact block>
        <Input
          readOnly
          value={share.url}
          aria-label={t('chat_share.link_label')}
          onFocus={(event) => event.target.select()}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('chat_share.copy')}
        </Button>
      </Space.Compact>
      <div className="share-dialog-meta">
        <Typography.Text type="secondary">
          {t('chat_share.message_count', { count: share.message_count })} ·{' '}
          {t('chat_share.created_at', {
            time: formatRelativeTime(share.created_at, locale, t('common.just_now')),
          })}
        </Typography.Text>
        <Popconfirm
          title={t('chat_share.revoke_title')}
          description={t('chat_share.revoke_confirm')}
          okText={t('chat_share.revoke')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={revoke}
        >
          <Button type="link" danger size="small">
            {t('chat_share.revoke')}
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}
