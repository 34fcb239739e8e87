import { CopyOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Skeleton, Switch } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueEntryPathOf } from '../../../../shared/routing/project-paths.ts';
import { copyText } from '../../../../shared/ui/copy-text.ts';
import { showNotice } from '../../../../shared/ui/notices.ts';
import { type DocTreeNode, docInfoQuery, shareDoc } from '../../api/documents.ts';
import { docNameOf } from '../../model/doc-name.ts';

/** A document's read-only link: on (a new code each time) or off, and copied with one click. */
export function ShareDialog({ node, onClose }: { node: DocTreeNode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useQuery({ ...docInfoQuery(node?.uniq_code ?? ''), enabled: !!node });
  const [isSwitching, setIsSwitching] = useState(false);
  const switchId = useId();
  const shareCode = info.data?.share_code ?? null;
  const link = node && shareCode ? `${location.origin}${catalogueEntryPathOf(node, shareCode)}` : '';

  async function toggle(enabled: boolean) {
    if (!node) return;
    setIsSwitching(true);
    try {
      const { share_code } = await shareDoc(node.id, enabled);
      queryClient.setQueryData(docInfoQuery(node.uniq_code).queryKey, (data) =>
        data ? { ...data, share_code } : data,
      );
      showNotice({ key: enabled ? 'projects.share.on_done' : 'projects.share.off_done' }, 'success');
    } catch {
      // Reported by the HTTP client.
    } finally {
      setIsSwitching(false);
    }
  }

  async function copy() {
    try {
      await copyText(link);
      showNotice({ key: 'projects.share.copied' }, 'success');
    } catch {
      showNotice({ key: 'projects.share.copy_failed' }, 'warning');
    }
  }

  return (
    <Modal
      open={!!node}
      onCancel={onClose}
      destroyOnHidden
      width={520}
      title={node ? t('projects.share.title', { name: docNameOf(node, t) }) : ''}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
    >
      {info.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <div className="share-dialog">
          <label className="share-dialog__switch" htmlFor={switchId}>
            <Switch
              id={switchId}
              checked={!!shareCode}
              loading={isSwitching}
              onChange={(on) => void toggle(on)}
            />
            <span>{t('projects.share.enabled')}</span>
          </label>
          <p className="share-dialog__hint">
            {shareCode ? t('projects.share.hint_on') : t('projects.share.hint_off')}
          </p>
          {shareCode && (
            <div className="share-dialog__link">
              <Input
                readOnly
                value={link}
                aria-label={t('projects.share.link')}
                onFocus={(e) => e.target.select()}
              />
              <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
                {t('projects.share.copy')}
              </Button>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
