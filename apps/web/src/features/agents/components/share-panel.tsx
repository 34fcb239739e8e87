import { CopyOutlined, DownloadOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { AgentAccess, AgentStatus } from '@tandem/contract/agent-rules';
import { Alert, Button, Input, Segmented, Skeleton } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/ui/copy-text.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { agentPageUrlOf, EMBED_KINDS, type EmbedKind, embedCodeOf } from '../model/share-codes.ts';

async function copy(text: string) {
  try {
    await copyText(text);
    showNotice({ key: 'agents.share.copied' }, 'success');
  } catch {
    showNotice({ key: 'agents.share.copy_failed' });
  }
}

/** The link as a QR code (an image, so it can be saved and printed). */
function QrCode({ text, fileName }: { text: string; fileName: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(text, { margin: 2, width: 320, errorCorrectionLevel: 'M' }))
      .then((url) => isCurrent && setImage(url))
      .catch(() => isCurrent && setImage(null));
    return () => {
      isCurrent = false;
    };
  }, [text]);
  return (
    <figure className="share-qr">
      {image ? (
        <img
          src={image}
          alt={t('agents.share.qr_alt')}
          width={160}
          height={160}
          className="share-qr__image"
        />
      ) : (
        <Skeleton.Node active style={{ width: 160, height: 160 }} />
      )}
      <figcaption>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          href={image ?? undefined}
          download={fileName}
          disabled={!image}
        >
          {t('agents.share.qr_download')}
        </Button>
      </figcaption>
    </figure>
  );
}

/**
 * Page link, QR code and embed code of a published agent. A draft is in debug mode, which does not allow
 * sharing: the panel then says to publish first. Embedding works for web-public agents only.
 */
export function SharePanel({
  agentKey,
  agentName,
  status,
  access,
}: {
  agentKey: string | null;
  agentName: string;
  status: AgentStatus | null;
  access: AgentAccess;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<EmbedKind>('iframe');
  const linkId = useId();
  const codeId = useId();
  if (!agentKey || status !== 'published') {
    return (
      <Alert
        type="info"
        showIcon
        icon={<InfoCircleOutlined />}
        title={t('agents.share.debug_title')}
        description={
          status === 'off_shelf' || status === 'disabled'
            ? t(`agents.share.not_shared_${status}`)
            : t('agents.share.debug_body')
        }
      />
    );
  }
  const origin = window.location.origin;
  const link = agentPageUrlOf(origin, agentKey, access);
  const code = embedCodeOf(kind, origin, agentKey, agentName);
  return (
    <div className="share-panel">
      <section className="share-panel__block">
        <label htmlFor={linkId} className="share-panel__label">
          {t('agents.share.link')}
        </label>
        <p className="share-panel__hint">{t(`agents.share.link_hint_${access}`)}</p>
        <div className="share-panel__row">
          <Input id={linkId} value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
          <Button icon={<CopyOutlined />} onClick={() => void copy(link)}>
            {t('agents.share.copy_link')}
          </Button>
        </div>
        <QrCode text={link} fileName={`${agentName || 'agent'}-qr.png`} />
      </section>
      <section className="share-panel__block">
        <label htmlFor={codeId} className="share-panel__label">
          {t('agents.share.embed')}
        </label>
        {access === 'web_public' ? (
          <>
            <p className="share-panel__hint">{t('agents.share.embed_hint')}</p>
            <Segmented<EmbedKind>
              value={kind}
              onChange={setKind}
              options={EMBED_KINDS.map((value) => ({ value, label: t(`agents.share.embed_${value}`) }))}
            />
            <Input.TextArea
              id={codeId}
              className="share-panel__code"
              value={code}
              readOnly
              autoSize
              spellCheck={false}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy(code)}>
              {t('agents.share.copy_code')}
            </Button>
          </>
        ) : (
          <Alert type="info" showIcon title={t('agents.share.embed_needs_web_public')} />
        )}
      </section>
    </div>
  );
}
