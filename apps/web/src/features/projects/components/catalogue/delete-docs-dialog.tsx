import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocTreeNode } from '../../api/documents.ts';
import { docNameOf } from '../../model/doc-name.ts';
import { documentCount } from '../../model/doc-tree-model.ts';

/**
 * Deleting entries moves them to the project's trash: the dialog names the entry (or counts the selection) and says how many
 * documents go with the groups.
 */
export function DeleteDocsDialog({
  nodes,
  onClose,
  onConfirm,
}: {
  /** The outermost entries to delete; empty closes the dialog. */
  nodes: DocTreeNode[];
  onClose: () => void;
  onConfirm: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [isDeleting, setIsDeleting] = useState(false);
  const [first] = nodes;
  const documents = nodes.reduce((sum, node) => sum + documentCount(node), 0);
  const hasGroup = nodes.some((node) => node.kind === 'group');
  const title =
    nodes.length === 1 && first
      ? t(first.kind === 'group' ? 'projects.delete_docs.title_group' : 'projects.delete_docs.title_doc', {
          name: docNameOf(first, t),
        })
      : t('projects.delete_docs.title_many', { count: nodes.length });

  return (
    <Modal
      open={nodes.length > 0}
      onCancel={onClose}
      destroyOnHidden
      width={460}
      title={
        <span className="doc-danger-title">
          <ExclamationCircleFilled aria-hidden="true" /> {title}
        </span>
      }
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="delete"
          type="primary"
          danger
          loading={isDeleting}
          onClick={async () => {
            setIsDeleting(true);
            try {
              if (await onConfirm()) onClose();
            } finally {
              setIsDeleting(false);
            }
          }}
        >
          {t('projects.delete_docs.confirm')}
        </Button>,
      ]}
    >
      <p>
        {hasGroup
          ? t('projects.delete_docs.body_with_groups', { count: documents })
          : t('projects.delete_docs.body', { count: documents })}
      </p>
    </Modal>
  );
}
