import { ArrowLeftOutlined, ColumnWidthOutlined, DownloadOutlined, MenuOutlined } from '@ant-design/icons';
import {
  EXPORT_FORMATS,
  type ExportFormat,
  PAGE_WIDTHS,
  type PageWidth,
} from '@tandem/contract/project-rules';
import { Avatar, Button, Dropdown, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocData } from '../api/document-api.ts';
import type { SyncStatus } from '../collab/sync-status.ts';
import type { Peer } from '../collab/use-collaboration.ts';
import { ShareMenu } from './share-menu.tsx';
import { SyncBadge } from './sync-badge.tsx';

type Props = {
  doc: DocData;
  name: string;
  canEdit: boolean;
  status: SyncStatus | null;
  peers: Peer[];
  pageWidth: PageWidth;
  onPageWidth(width: PageWidth): void;
  onRename(name: string): void;
  onExport(format: ExportFormat): void;
  onToggleOutline(): void;
};

/** Back to the project, the document's name, who is here, whether it is saved, and the page's menus. */
export function DocumentHeader(props: Props) {
  const { t } = useTranslation();
  const { doc, canEdit, peers } = props;
  const shownName = props.name || t('doc_editor.untitled');
  return (
    <header className="doc-header">
      <div className="doc-header__title">
        <Link
          to={`/projects/space/${doc.project_uniq_code}`}
          className="doc-header__back"
          aria-label={t('doc_editor.back_to_project', { name: doc.project_name })}
        >
          <ArrowLeftOutlined />
          <span className="doc-header__project">{doc.project_name}</span>
        </Link>
        <span className="doc-header__slash" aria-hidden>
          /
        </span>
        <Typography.Title
          level={1}
          className="doc-header__name"
          editable={
            canEdit
              ? {
                  text: props.name,
                  tooltip: t('doc_editor.rename'),
                  maxLength: 100,
                  triggerType: ['icon', 'text'],
                  onChange: (next) => {
                    if (next.trim() !== props.name) props.onRename(next.trim());
                  },
                }
              : false
          }
        >
          {shownName}
        </Typography.Title>
      </div>
      <div className="doc-header__tools">
        {peers.length > 0 && (
          <Avatar.Group max={{ count: 4 }} size="small" aria-label={t('doc_editor.here_now')}>
            {peers.map((peer) => (
              <Tooltip key={peer.clientId} title={peer.name}>
                <Avatar size="small" style={{ backgroundColor: peer.color }} data-testid="doc-peer">
                  {Array.from(peer.name)[0]?.toUpperCase()}
                </Avatar>
              </Tooltip>
            ))}
          </Avatar.Group>
        )}
        {props.status && <SyncBadge status={props.status} />}
        <Button
          type="text"
          size="small"
          className="doc-header__outline-toggle"
          icon={<MenuOutlined />}
          aria-label={t('doc_editor.toc')}
          title={t('doc_editor.toc')}
          onClick={props.onToggleOutline}
        />
        <Dropdown
          trigger={['click']}
          rootClassName="doc-header__width-menu"
          menu={{
            selectable: true,
            selectedKeys: [props.pageWidth],
            items: PAGE_WIDTHS.map((width) => ({ key: width, label: t(`doc_editor.width_${width}`) })),
            onClick: ({ key }) => props.onPageWidth(key as PageWidth),
          }}
        >
          <Button
            type="text"
            size="small"
            className="doc-header__width"
            icon={<ColumnWidthOutlined />}
            aria-label={t('doc_editor.page_width')}
            title={t('doc_editor.page_width')}
          />
        </Dropdown>
        {canEdit && <ShareMenu doc={doc} />}
        <Dropdown
          trigger={['click']}
          menu={{
            items: EXPORT_FORMATS.map((format) => ({
              key: format,
              label: t(`doc_editor.export_${format}`),
            })),
            onClick: ({ key }) => props.onExport(key as ExportFormat),
          }}
        >
          <Button type="text" size="small" icon={<DownloadOutlined />} aria-label={t('doc_editor.export')}>
            <span className="doc-header__label">{t('doc_editor.export')}</span>
          </Button>
        </Dropdown>
      </div>
    </header>
  );
}
