import { ShareAltOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../../shared/ui/copy-text.ts';
import { showNotice } from '../../../../shared/ui/notices.ts';
import { type DocData, documentKey, setDocumentShared } from '../api/document-api.ts';

export const shareLinkOf = (doc: Pick<DocData, 'uniq_code'>, shareCode: string) =>
  `${location.origin}/projects/${doc.uniq_code}/${shareCode}`;

/** The read-only link for anyone: copy it (turning it on first), or turn it off. */
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

  const items = [
    { key: 'copy', label: t(shareCode ? 'doc_editor.share_copy' : 'doc_editor.share_create') },
    ...(shareCode ? [{ key: 'revoke', danger: true, label: t('doc_editor.share_revoke') }] : []),
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => void (key === 'copy' ? copyLink() : revoke()).catch(() => undefined),
      }}
    >
      <Button type="text" size="small" icon={<ShareAltOutlined />} aria-label={t('doc_editor.share')}>
        <span className="doc-header__label">{t('doc_editor.share')}</span>
      </Button>
    </Dropdown>
  );
}
