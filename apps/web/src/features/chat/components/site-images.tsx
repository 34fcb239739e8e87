import { CopyOutlined, DeleteOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_TYPES } from '@tandem/contract/chat-sites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Flex, Popconfirm, Popover, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import {
  deleteSiteImage,
  type SiteImage,
  siteImagesKey,
  siteImagesQuery,
  uploadSiteImage,
} from '../api/chat-sites.ts';
import './site-images.css';
import { copyText } from '../../../shared/ui/copy-text.ts';

/**
 * The images of the conversation's site, from the panel's toolbar. An image added here belongs to every
 * version of the page at `assets/<name>`; the user asks the agent to use it by that address (copied
 * from the list), as the agent's prompt tells it to. Nothing is sent by itself: what to do with an
 * image is the user's message to write.
 */
export function SiteImages({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const images = useQuery({ ...siteImagesQuery(conversationId), enabled: isOpen });
  const add = useMutation({
    mutationFn: (file: File) => uploadSiteImage(conversationId, file, file.name),
    onSuccess: async (image) => {
      showNotice({ key: 'sites.image_added', values: { path: image.path } }, 'success');
      await queryClient.invalidateQueries({ queryKey: siteImagesKey(conversationId) });
    },
  });

  const pick = (file: File | undefined) => {
    if (!file) return;
    // Said at once rather than after sending 3.5 MB for nothing; the server checks it again.
    if (file.size > SITE_IMAGE_MAX_BYTES) {
      showNotice({ key: 'error.site_image_too_large' }, 'error');
      return;
    }
    add.mutate(file);
  };

  const list = images.data?.data ?? [];
  const content = (
    <Flex vertical gap={8} className="site-images">
      <Typography.Text type="secondary">{t('sites.images_intro')}</Typography.Text>
      <input
        ref={picker}
        type="file"
        accept={SITE_IMAGE_TYPES.join(',')}
        hidden
        data-testid="site-image-input"
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Flex align="center" gap={8} wrap>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          loading={add.isPending}
          onClick={() => picker.current?.click()}
        >
          {t('sites.add_image')}
        </Button>
        <Typography.Text type="secondary">{t('sites.images_hint')}</Typography.Text>
      </Flex>
      {images.isPending && <Spin aria-label={t('common.loading')} />}
      {images.isSuccess && list.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sites.images_empty')} />
      )}
      {list.length > 0 && (
        <ul className="site-images__list" aria-label={t('sites.images')}>
          {list.map((image) => (
            <ImageRow key={image.name} conversationId={conversationId} image={image} />
          ))}
        </ul>
      )}
    </Flex>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('sites.images')}
      content={content}
      open={isOpen}
      onOpenChange={setOpen}
    >
      <Button icon={<PictureOutlined />}>{t('sites.images')}</Button>
    </Popover>
  );
}

function ImageRow({ conversationId, image }: { conversationId: string; image: SiteImage }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteSiteImage(conversationId, image.name),
    onSuccess: async () => {
      showNotice({ key: 'sites.image_removed' }, 'success');
      await queryClient.invalidateQueries({ queryKey: siteImagesKey(conversationId) });
    },
  });
  const copy = async () => {
    try {
      await copyText(image.path);
      showNotice({ key: 'sites.path_copied' }, 'success');
    } catch {
      showNotice({ key: 'sites.copy_failed' }, 'warning');
    }
  };
  return (
    <li className="site-images__item">
      <img className="site-images__thumb" src={image.url} alt="" loading="lazy" />
      <Typography.Text code className="site-images__path">
        {image.path}
      </Typography.Text>
      <Button
        size="small"
        icon={<CopyOutlined />}
        aria-label={`${t('sites.copy_path')}: ${image.path}`}
        onClick={() => void copy()}
      />
      <Popconfirm
        title={t('sites.remove_image_title', { path: image.path })}
        description={t('sites.remove_image_confirm')}
        okText={t('sites.remove_image')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onConfirm={() => remove.mutateAsync()}
      >
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          loading={remove.isPending}
          aria-label={`${t('sites.remove_image')}: ${image.path}`}
        />
      </Popconfirm>
    </li>
  );
}
