import {
  CheckSquareOutlined,
  DeleteOutlined,
  FileAddOutlined,
  FilePdfOutlined,
  FolderAddOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { catalogueEntryPathOf } from '../../../../shared/routing/project-paths.ts';
import { type DocTreeNode, docTreeQuery } from '../../api/documents.ts';
import { useCatalogueActions } from '../../hooks/use-catalogue-actions.ts';
import { useExpandedGroups } from '../../hooks/use-expanded-groups.ts';
import { docNameOf } from '../../model/doc-name.ts';
import { locateNode, outermostIds } from '../../model/doc-tree-model.ts';
import { PdfUploadDialog } from '../../pdf/components/pdf-upload-dialog.tsx';
import { BatchBar } from './batch-bar.tsx';
import { DeleteDocsDialog } from './delete-docs-dialog.tsx';
import { DocTree } from './doc-tree.tsx';
import { ImportButton } from './import-button.tsx';
import { MoveDialog } from './move-dialog.tsx';
import { NameDialog } from './name-dialog.tsx';
import type { NodeAction } from './node-menu.tsx';
import { ShareDialog } from './share-dialog.tsx';
import { TrashDialog } from './trash-dialog.tsx';

/** How often the tree is read again while a document in it is being indexed for search. */
const INDEXING_POLL_MS = 2000;
const hasIndexing = (nodes: readonly DocTreeNode[]): boolean =>
  nodes.some((node) => node.index_state === 'indexing' || hasIndexing(node.children));

/** `move-doc` appends past the end of the children. */
const APPEND_INDEX = 1_000_000;

type Naming =
  | { mode: 'create'; kind: 'doc' | 'group'; parentId: number | null }
  | { mode: 'rename'; node: DocTreeNode };

/**
 * A project's catalogue: the toolbar (new document, new group, import, batch mode), the tree, and the
 * dialogs its actions open. Viewers get the tree, downloads and nothing that changes it.
 */
export function Catalogue({
  projectId,
  projectName,
  canWrite,
}: {
  projectId: number;
  projectName: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // While documents are being indexed, the tree is read again so their state moves on by itself.
  const treeQuery = useQuery({
    ...docTreeQuery(projectId),
    refetchInterval: (query) => (hasIndexing(query.state.data ?? []) ? INDEXING_POLL_MS : false),
  });
  const actions = useCatalogueActions(projectId, projectName);
  const tree = treeQuery.data ?? [];
  const [expandedIds, setExpandedIds] = useExpandedGroups(projectId);
  const [highlightId, setHighlightId] = useState<number | null>(null);
  // The group the user opened last, shown selected: the toolbar's new entries, uploads and imports go into it.
  const highlighted = highlightId === null ? undefined : locateNode(tree, highlightId)?.node;
  const targetGroupId = highlighted?.kind === 'group' ? highlighted.id : null;
  const [isBatch, setIsBatch] = useState(false);
  const [checkedIds, setCheckedIds] = useState<number[]>([]);
  const [naming, setNaming] = useState<Naming | null>(null);
  const [deleting, setDeleting] = useState<DocTreeNode[]>([]);
  const [movingIds, setMovingIds] = useState<number[] | null>(null);
  const [sharing, setSharing] = useState<DocTreeNode | null>(null);
  const [isTrashOpen, setIsTrashOpen] = useState(false);
  /** Where the PDF upload dialog puts files (null: the top level); undefined while it is closed. */
  const [pdfParentId, setPdfParentId] = useState<number | null | undefined>(undefined);
  const [lastPdfParentId, setLastPdfParentId] = useState<number | null>(null);
  const uploadPdfsInto = (parentId: number | null) => {
    setPdfParentId(parentId);
    setLastPdfParentId(parentId);
  };

  const nodesOf = (ids: number[]) =>
    outermostIds(tree, ids)
      .map((id) => locateNode(tree, id)?.node)
      .filter((node): node is DocTreeNode => !!node);
  const expand = (id: number | null) => {
    if (id !== null) setExpandedIds((ids) => (ids.includes(id) ? ids : [...ids, id]));
  };
  const openCreated = (created: { id: number; uniq_code: string } | undefined, parentId: number | null) => {
    if (!created) return false;
    expand(parentId);
    navigate(catalogueEntryPathOf({ kind: 'doc', uniq_code: created.uniq_code }));
    return true;
  };
  const show = (created: { id: number } | undefined, parentId: number | null) => {
    if (!created) return false;
    expand(parentId);
    setHighlightId(created.id);
    return true;
  };
  const exitBatch = () => {
    setIsBatch(false);
    setCheckedIds([]);
  };
  const destinationName = (parentId: number | null) => {
    const parent = parentId === null ? undefined : locateNode(tree, parentId)?.node;
    return parent ? docNameOf(parent, t) : t('projects.move.top_level');
  };

  function act(action: NodeAction) {
    const { node } = action;
    if (action.kind === 'new_doc' || action.kind === 'new_group') {
      setNaming({ mode: 'create', kind: action.kind === 'new_doc' ? 'doc' : 'group', parentId: node.id });
    } else if (action.kind === 'upload_pdf') uploadPdfsInto(node.id);
    else if (action.kind === 'rename') setNaming({ mode: 'rename', node });
    else if (action.kind === 'copy') {
      // A group's copy opens, to show that everything in it came along.
      void actions.copy(node).then((copied) => {
        if (show(copied, locateNode(tree, node.id)?.parent?.id ?? null) && node.kind === 'group') {
          expand(copied?.id ?? null);
        }
      });
    } else if (action.kind === 'share') setSharing(node);
    else if (action.kind === 'delete') setDeleting([node]);
    else if (action.kind === 'download') void actions.download(node, action.format);
  }

  const newButtons = canWrite && (
    <>
      <Button
        type="primary"
        icon={<FileAddOutlined />}
        onClick={() => setNaming({ mode: 'create', kind: 'doc', parentId: targetGroupId })}
      >
        {t('projects.toolbar.new_doc')}
      </Button>
      <Button
        icon={<FolderAddOutlined />}
        onClick={() => setNaming({ mode: 'create', kind: 'group', parentId: targetGroupId })}
      >
        {t('projects.toolbar.new_group')}
      </Button>
      <Button icon={<FilePdfOutlined />} onClick={() => uploadPdfsInto(targetGroupId)}>
        {t('knowledge_pdf.upload')}
      </Button>
      <ImportButton
        projectId={projectId}
        parentId={targetGroupId}
        onImported={(created) => {
          void actions.refresh();
          show(created, targetGroupId);
        }}
      />
      <Button icon={<DeleteOutlined />} onClick={() => setIsTrashOpen(true)}>
        {t('projects.trash.open')}
      </Button>
    </>
  );

  return (
    <section className="catalogue" aria-label={t('projects.space.catalogue')}>
      {/* An empty project offers its first document in the empty state instead. */}
      {tree.length > 0 && (
        <div className="catalogue__toolbar">
          {isBatch ? (
            <BatchBar
              count={checkedIds.length}
              canWrite={canWrite}
              onMove={() => setMovingIds(outermostIds(tree, checkedIds))}
              onDownload={(format) => void actions.downloadMany(outermostIds(tree, checkedIds), format)}
              onDelete={() => setDeleting(nodesOf(checkedIds))}
              onExit={exitBatch}
            />
          ) : (
            <>
              {newButtons}
              <Button
                className="catalogue__batch"
                icon={<CheckSquareOutlined />}
                onClick={() => setIsBatch(true)}
              >
                {t('projects.toolbar.batch')}
              </Button>
            </>
          )}
        </div>
      )}

      {treeQuery.isPending ? (
        <div aria-busy="true" className="catalogue__loading">
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
          <Skeleton active paragraph={{ rows: 6 }} title={false} />
        </div>
      ) : treeQuery.isError && !treeQuery.data ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projects.space.tree_failed')}>
          <Button onClick={() => void treeQuery.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : tree.length === 0 ? (
        <Empty
          className="catalogue__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={canWrite ? t('projects.space.empty') : t('projects.space.empty_viewer')}
        >
          {canWrite && <div className="catalogue__empty-actions">{newButtons}</div>}
        </Empty>
      ) : (
        <DocTree
          tree={tree}
          canWrite={canWrite}
          isBatch={isBatch}
          checkedIds={checkedIds}
          expandedIds={expandedIds}
          highlightId={highlightId}
          onExpand={setExpandedIds}
          onSelectGroup={(node) => setHighlightId(node?.id ?? null)}
          onCheck={setCheckedIds}
          onOpen={(node) => navigate(catalogueEntryPathOf(node))}
          onMove={(ids, parentId, index) => {
            void actions.move(ids, parentId, index, destinationName(parentId)).then((moved) => {
              if (moved) expand(parentId);
            });
          }}
          onAction={act}
        />
      )}

      <NameDialog
        open={!!naming}
        title={
          naming?.mode === 'rename'
            ? t('projects.tree.rename_title', { name: docNameOf(naming.node, t) })
            : naming?.kind === 'group'
              ? t('projects.tree.new_group_title')
              : t('projects.tree.new_doc_title')
        }
        initialName={naming?.mode === 'rename' ? naming.node.name : ''}
        placeholder={
          naming?.mode === 'create' && naming.kind === 'group'
            ? t('projects.tree.untitled_group')
            : t('projects.untitled_doc')
        }
        isNameRequired={naming?.mode === 'rename'}
        submitLabel={naming?.mode === 'rename' ? t('projects.tree.rename') : t('projects.tree.create')}
        onClose={() => setNaming(null)}
        onSubmit={async (name) => {
          if (!naming) return false;
          if (naming.mode === 'rename') return !!(await actions.rename(naming.node, name));
          const created = await actions.create(naming.parentId, naming.kind, name);
          // A new document opens for writing; a new group is shown, selected to receive what comes next.
          if (naming.kind === 'doc') return openCreated(created, naming.parentId);
          return show(created, naming.parentId);
        }}
      />
      <DeleteDocsDialog
        nodes={deleting}
        onClose={() => setDeleting([])}
        onConfirm={async () => {
          const removed = !!(await actions.remove(deleting));
          if (removed) setCheckedIds([]);
          return removed;
        }}
      />
      <MoveDialog
        open={!!movingIds}
        tree={tree}
        ids={movingIds ?? []}
        onClose={() => setMovingIds(null)}
        onMove={async (parentId) => {
          const ids = movingIds ?? [];
          const moved = !!(await actions.move(ids, parentId, APPEND_INDEX, destinationName(parentId)));
          if (moved) {
            expand(parentId);
            exitBatch();
          }
          return moved;
        }}
      />
      <ShareDialog node={sharing} onClose={() => setSharing(null)} />
      {canWrite && (
        <TrashDialog projectId={projectId} open={isTrashOpen} onClose={() => setIsTrashOpen(false)} />
      )}
      {canWrite && (
        <PdfUploadDialog
          open={pdfParentId !== undefined}
          projectId={projectId}
          parentId={pdfParentId ?? lastPdfParentId}
          onClose={() => setPdfParentId(undefined)}
          onUploaded={(pdf) => {
            void actions.refresh();
            show(pdf, lastPdfParentId);
          }}
        />
      )}
    </section>
  );
}
