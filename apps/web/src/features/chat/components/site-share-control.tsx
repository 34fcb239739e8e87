import { CopyOutlined, LinkOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, Popconfirm, Popover, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/ui/copy-text.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { type SiteVersion, shareSite, siteVersionsKey, unshareSite } from '../api/chat-sites.ts';

type Props = { conversationId: string; version: SiteVersion };

/**
 * Sharing the shown version by link, from the panel's toolbar: "Share" makes the link (or finds the
 * live one) and shows it with Copy; a shared version's button opens the link again, and Stop sharing
 * (after a confirmation) ends it for everyone at once. Only a ready version can be shared.
 */
export function SiteShareControl({ conversationId, version }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const number = version.version;
  const refresh = () => queryClient.invalidateQueries({ queryKey: siteVersionsKey(conversationId) });
  const share = useMutation({
    mutationFn: () => shareSite(conversationId, number),
    onSuccess: async () => {
      setOpen(true);
      await refresh();
    },
  });
  const unshare = useMutation({
    mutationFn: () => unshareSite(conversationId, number),
    onSuccess: async () => {
      setOpen(false);
      share.reset();
      showNotice({ key: 'sites.share_revoked', values: { number } }, 'success');
      await refresh();
    },
  });
  if (version.status !== 'ready') return null;
  const link = version.share_url ?? share.data?.share_url ?? null;

  const copy = async () => {
    if (!link) return;
    try {
      await copyText(link);
      showNotice({ key: 'sites.link_copied' }, 'success');
    } catch {
      showNotice({ key: 'sites.copy_failed' }, 'warning');
    }
  };

  const content = link && (
    <Flex vertical gap={8} style={{ maxWidth: 420 }}>
      <Typography.Text type="secondary">{t('sites.share_intro')}</Typography.Text>
      <Space.Compact block>
        <Input
          readOnly
          value={link}
          aria-label={t('sites.share_link', { number })}
          onFocus={(event) => event.target.select()}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('sites.copy')}
        </Button>
      </Space.Compact>
      <Popconfirm
        title={t('sites.share_revoke_title', { number })}
        description={t('sites.share_revoke_confirm')}
        okText={t('sites.share_revoke')}
        okButtonProps={{ danger: true, loading: unshare.isPending }}
        cancelText={t('common.cancel')}
        onConfirm={() => unshare.mutateAsync()}
      >
        <Button danger type="link" size="small" style={{ alignSelf: 'flex-start', paddingInline: 0 }}>
          {t('sites.share_revoke')}
        </Button>
      </Popconfirm>
    </Flex>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('sites.share_link', { number })}
      content={content}
      open={isOpen && link !== null}
      onOpenChange={(next) => {
        if (!next) setOpen(false);
        else if (link) setOpen(true);
        else share.mutate();
      }}
    >
      <Button
        icon={link ? <LinkOutlined /> : <ShareAltOutlined />}
        loading={share.isPending}
        aria-label={link ? t('sites.shared') : t('sites.share')}
      >
        {link ? t('sites.shared') : t('sites.share_button')}
      </Button>
    </Popover>
  );
}
