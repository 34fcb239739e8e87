import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EllipsisOutlined,
  FileAddOutlined,
  FilePdfOutlined,
  FolderAddOutlined,
  LinkOutlined,
} from '@ant-design/icons';
import { EXPORT_FORMATS, type ExportFormat } from '@tandem/contract/project-rules';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DocTreeNode } from '../../api/documents.ts';

export type NodeAction =
  | {
      kind: 'new_doc' | 'new_group' | 'upload_pdf' | 'rename' | 'copy' | 'share' | 'delete';
      node: DocTreeNode;
    }
  | { kind: 'download'; node: DocTreeNode; format: ExportFormat };

/** One catalogue entry's menu: what may be done to it, new entries inside a group, downloads for everyone. */
export function NodeMenu({
  node,
  name,
  canWrite,
  onAction,
}: {
  node: DocTreeNode;
  name: string;
  canWrite: boolean;
  onAction: (action: NodeAction) => void;
}) {
  const { t } = useTranslation();
  const isGroup = node.kind === 'group';
  const items: NonNullable<MenuProps['items']> = [];
  if (canWrite && isGroup) {
    items.push(
      { key: 'new_doc', icon: <FileAddOutlined />, label: t('projects.tree.new_doc_inside') },
      { key: 'new_group', icon: <FolderAddOutlined />, label: t('projects.tree.new_group_inside') },
      { key: 'upload_pdf', icon: <FilePdfOutlined />, label: t('knowledge_pdf.tree.upload_inside') },
      { type: 'divider' },
    );
  }
  if (canWrite) {
    items.push(
      { key: 'rename', icon: <EditOutlined />, label: t('projects.tree.rename') },
      { key: 'copy', icon: <CopyOutlined />, label: t('projects.tree.copy') },
    );
    if (!isGroup) items.push({ key: 'share', icon: <LinkOutlined />, label: t('projects.tree.share') });
  }
  // A PDF downloads as itself; documents and groups in the format asked for.
  items.push(
    node.kind === 'pdf'
      ? { key: 'download:pdf', icon: <DownloadOutlined />, label: t('knowledge_pdf.tree.download') }
      : {
          key: 'download',
          icon: <DownloadOutlined />,
          label: isGroup ? t('projects.tree.download_zip') : t('projects.tree.download'),
          children: EXPORT_FORMATS.map((format) => ({
            key: `download:${format}`,
            label: t(`projects.format.${format}`),
          })),
        },
  );
  if (canWrite) {
    items.push(
      { type: 'divider' },
      { key: 'delete', icon: <DeleteOutlined />, label: t('projects.tree.delete'), danger: true },
    );
  }

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          if (key.startsWith('download:')) {
            onAction({ kind: 'download', node, format: key.slice('download:'.length) as ExportFormat });
          } else {
            onAction({ kind: key as Exclude<NodeAction['kind'], 'download'>, node } as NodeAction);
          }
        },
      }}
    >
      <Button
        type="text"
        size="small"
        className="doc-tree__more"
        icon={<EllipsisOutlined />}
        aria-label={t('projects.tree.more', { name })}
        onClick={(event) => event.stopPropagation()}
      />
    </Dropdown>
  );
}
