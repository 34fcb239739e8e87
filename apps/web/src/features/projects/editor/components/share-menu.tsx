import { ShareAltOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../../shared/ui/copy-text.ts';
import { showNotice } from '../../../../shared/ui/notices.ts';
import { type DocData, documentKey, setDocumentShared } from '../api/document-api.ts';

export const shareLinkOf = (doc: Pick<DocData, 'uniq_code'>, shareCode: string) =>
  `${location.origin}/projects/${doc.uniq_code}/${shareCode}`;

/**
 * The read-only link for anyone: a button that turns it on and copies it; once on, a menu to copy it
 * or turn it off.
 */
export function ShareMenu({ doc }: { doc: DocData }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [shareCode, setShareCode] = useState(doc.share_code);

  async function copyLink() {
    const code = shareCode ?? (await setDocumentShared(doc.id, true)).share_code;
    if (!code) return;
    setShareCode(code);
    const link = shareLinkOf(doc, code);
    await copyText(link).then(
      () => showNotice({ key: 'doc_editor.share_copied' }, 'success'),
      // Sharing is on all the same: the notice gives the link to copy by hand.
      () => showNotice({ key: 'doc_editor.share_copy_failed', values: { link } }, 'warning'),
    );
  }

  async function revoke() {
    await setDocumentShared(doc.id, false);
    setShareCode(null);
    void queryClient.invalidateQueries({ queryKey: documentKey(doc.uniq_code) });
    showNotice({ key: 'doc_editor.share_revoked' }, 'success');
  }

  const run = (action: () => Promise<void>) => void action().catch(() => undefined);
  const label = <span className="doc-header__label">{t('doc_editor.share')}</span>;
  // Not shared yet: one thing to do, so one click does it (creates the link and copies it).
  if (!shareCode) {
    return (
      <Tooltip title={t('doc_editor.share_create')} mouseEnterDelay={0.4}>
        <Button
          type="text"
          size="small"
          icon={<ShareAltOutlined />}
          aria-label={t('doc_editor.share')}
          onClick={() => run(copyLink)}
        >
          {label}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'copy', label: t('doc_editor.share_copy') },
          { key: 'revoke', danger: true, label: t('doc_editor.share_revoke') },
        ],
        onClick: ({ key }) => run(key === 'copy' ? copyLink : revoke),
      }}
    >
      <Button type="text" size="small" icon={<ShareAltOutlined />} aria-label={t('doc_editor.share')}>
        {label}
      </Button>
    </Dropdown>
  );
}
