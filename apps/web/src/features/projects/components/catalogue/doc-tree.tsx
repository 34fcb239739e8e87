import { FilePdfOutlined, FileTextOutlined, FolderOpenOutlined, FolderOutlined } from '@ant-design/icons';
import { Tree, type TreeProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../../shared/ui/notices.ts';
import type { DocTreeNode } from '../../api/documents.ts';
import { docNameOf } from '../../model/doc-name.ts';
import { dropDestination, locateNode, moveProblem, subtreeIds } from '../../model/doc-tree-model.ts';
import { IndexStateMark } from './index-state-mark.tsx';
import { type NodeAction, NodeMenu } from './node-menu.tsx';

type TreeItem = { key: string; title: string; isLeaf: boolean; node: DocTreeNode; children: TreeItem[] };

const toItems = (nodes: readonly DocTreeNode[], nameOf: (node: DocTreeNode) => string): TreeItem[] =>
  nodes.map((node) => ({
    key: String(node.id),
    title: nameOf(node),
    isLeaf: node.kind !== 'group' && node.children.length === 0,
    node,
    children: toItems(node.children, nameOf),
  }));

const ROW_HEIGHT = 36;
const MIN_HEIGHT = 240;

/** The height the box gives the tree, so its virtual list shows as many rows as fit. */
function useBoxHeight() {
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(MIN_HEIGHT);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setHeight(Math.max(MIN_HEIGHT, Math.floor(entry.contentRect.height)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { box, height };
}

/**
 * The catalogue as a tree (antd Tree, virtual): documents and groups, opened by a click or Enter. Those
 * who may write drag entries to move them, never into themselves or under their own children; in batch
 * mode every entry has a check box instead.
 */
export function DocTree({
  tree,
  canWrite,
  isBatch,
  checkedIds,
  expandedIds,
  highlightId,
  onExpand,
  onSelectGroup,
  onCheck,
  onOpen,
  onMove,
  onAction,
}: {
  tree: DocTreeNode[];
  canWrite: boolean;
  isBatch: boolean;
  checkedIds: number[];
  expandedIds: number[];
  /** An entry just made, or the group opened last, shown selected. */
  highlightId: number | null;
  onExpand: (ids: number[]) => void;
  /** A group opened by a click (selected), or closed (null). */
  onSelectGroup: (node: DocTreeNode | null) => void;
  onCheck: (ids: number[]) => void;
  onOpen: (node: DocTreeNode) => void;
  onMove: (ids: number[], parentId: number | null, index: number) => void;
  onAction: (action: NodeAction) => void;
}) {
  const { t } = useTranslation();
  const nameOf = (node: DocTreeNode) => docNameOf(node, t);
  // biome-ignore lint/correctness/useExhaustiveDependencies: names change with the language, which `t` follows.
  const items = useMemo(() => toItems(tree, nameOf), [tree, t]);
  const { box, height } = useBoxHeight();
  const dragged = useRef<{ id: number; hoveredId: number | null; isDropped: boolean } | null>(null);

  const allowDrop: TreeProps<TreeItem>['allowDrop'] = ({ dragNode, dropNode, dropPosition }) => {
    const parentId =
      dropPosition === 0 ? dropNode.node.id : (locateNode(tree, dropNode.node.id)?.parent?.id ?? null);
    return moveProblem(tree, [dragNode.node.id], parentId) === null;
  };

  const onDrop: TreeProps<TreeItem>['onDrop'] = (info) => {
    if (dragged.current) dragged.current.isDropped = true;
    const place = info.node.pos.split('-');
    const relative = (info.dropPosition - Number(place[place.length - 1])) as -1 | 0 | 1;
    const position = info.dropToGap ? (relative === -1 ? -1 : 1) : 0;
    const destination = dropDestination(tree, info.node.node.id, position);
    if (!destination) return;
    const problem = moveProblem(tree, [info.dragNode.node.id], destination.parentId);
    if (problem) {
      showNotice({ key: problem }, 'warning');
      return;
    }
    onMove([info.dragNode.node.id], destination.parentId, destination.index);
  };

  // The tree ignores a drop on the dragged entry's own children without a word: say why nothing moved.
  const onDragEnd = () => {
    const drag = dragged.current;
    dragged.current = null;
    if (!drag || drag.isDropped || drag.hoveredId === null || drag.hoveredId === drag.id) return;
    const place = locateNode(tree, drag.id);
    if (place && subtreeIds(place.node).includes(drag.hoveredId)) {
      showNotice({ key: 'projects.tree.move_into_itself' }, 'warning');
    }
  };
  // Which entry the pointer is over while dragging, read from the rows (the tree reports only allowed targets).
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const track = (event: Event) => {
      if (!dragged.current) return;
      const row = (event.target as Element | null)?.closest?.('[data-node-id]');
      dragged.current.hoveredId = row ? Number(row.getAttribute('data-node-id')) : null;
    };
    element.addEventListener('dragover', track);
    return () => element.removeEventListener('dragover', track);
  }, [box]);

  return (
    <div ref={box} className="doc-tree">
      <Tree<TreeItem>
        treeData={items}
        height={height}
        itemHeight={ROW_HEIGHT}
        virtual
        blockNode
        showIcon
        icon={(props) => {
          const node = (props as unknown as { data?: TreeItem }).data?.node;
          if (node?.kind === 'group') return props.expanded ? <FolderOpenOutlined /> : <FolderOutlined />;
          if (node?.kind === 'pdf')
            return <FilePdfOutlined className="doc-tree__pdf-icon" aria-label="PDF" />;
          return <FileTextOutlined />;
        }}
        expandedKeys={expandedIds.map(String)}
        onExpand={(keys) => onExpand(keys.map(Number))}
        selectedKeys={highlightId === null ? [] : [String(highlightId)]}
        onSelect={(_, { node }) => {
          if (isBatch) {
            const id = node.node.id;
            onCheck(
              checkedIds.includes(id) ? checkedIds.filter((other) => other !== id) : [...checkedIds, id],
            );
          } else if (node.node.kind !== 'group') onOpen(node.node);
          else {
            const id = node.node.id;
            const isOpen = expandedIds.includes(id);
            onExpand(isOpen ? expandedIds.filter((other) => other !== id) : [...expandedIds, id]);
            onSelectGroup(isOpen ? null : node.node);
          }
        }}
        checkable={isBatch}
        checkStrictly
        checkedKeys={checkedIds.map(String)}
        onCheck={(keys) => {
          const checked = Array.isArray(keys) ? keys : keys.checked;
          onCheck(checked.map(Number));
        }}
        draggable={canWrite && !isBatch ? { icon: false } : false}
        allowDrop={allowDrop}
        onDragStart={({ node }) => {
          dragged.current = { id: node.node.id, hoveredId: null, isDropped: false };
        }}
        onDrop={onDrop}
        onDragEnd={onDragEnd}
        titleRender={(item) => (
          <span className="doc-tree__row" data-node-id={item.node.id}>
            <span
              className={`doc-tree__name${item.node.name ? '' : ' doc-tree__name--untitled'}`}
              title={item.title}
            >
              {item.title}
            </span>
            <IndexStateMark node={item.node} />
            {!isBatch && (
              <NodeMenu node={item.node} name={item.title} canWrite={canWrite} onAction={onAction} />
            )}
          </span>
        )}
      />
    </div>
  );
}
