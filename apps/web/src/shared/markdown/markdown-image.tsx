import { PictureOutlined } from '@ant-design/icons';
import { UPLOAD_API } from '@tandem/contract/api';
import { CHAT_API } from '@tandem/contract/chat';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Our own uploads and inline data images load by themselves; they tell no other site anything. */
export function isOwnImage(src: string, origin = window.location.origin): boolean {
  if (/^data:image\//i.test(src)) return true;
  try {
    const url = new URL(src, origin);
    return url.origin === origin && url.pathname.startsWith(`${UPLOAD_API.files}/`);
  } catch {
    return false;
  }
}

export const proxiedImageUrl = (src: string) => `${CHAT_API.imageProxy}?url=${encodeURIComponent(src)}`;

const hostOf = (src: string) => {
  try {
    return new URL(src, window.location.origin).host;
  } catch {
    return src;
  }
};

/**
 * An image in a reply. One from another site would tell that site who reads the reply (and whatever a
 * prompt injection put in its address), so it waits behind a placeholder naming its host, and loads
 * through our image proxy only when the reader clicks it.
 */
export function MarkdownImage({ src, alt }: ComponentProps<'img'>) {
  const { t } = useTranslation();
  const [state, setState] = useState<'waiting' | 'loading' | 'failed'>('waiting');
  if (typeof src !== 'string' || !src) return null;
  if (isOwnImage(src)) return <img src={src} alt={alt ?? ''} />;
  const host = hostOf(src);
  const label = alt || t('chat.outside_image');

  if (state === 'loading') {
    return <img src={proxiedImageUrl(src)} alt={label} onError={() => setState('failed')} />;
  }
  if (state === 'failed') {
    return (
      <span className="markdown-image markdown-image--failed" role="note">
        <span>{t('chat.outside_image_failed')}</span>{' '}
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t('chat.outside_image_open')}
        </a>
      </span>
    );
  }
  return (
    <button type="button" className="markdown-image" onClick={() => setState('loading')}>
      <PictureOutlined aria-hidden="true" />
      <span className="markdown-image__alt">{label}</span>
      <span className="markdown-image__host">{t('chat.outside_image_load', { host })}</span>
    </button>
  );
}
