import {
  ApartmentOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
  NodeIndexOutlined,
  OrderedListOutlined,
  PlusOutlined,
  ReloadOutlined,
  TeamOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, type MenuProps, Skeleton, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import {
  createDepartment,
  DEPARTMENTS_KEY,
  type DepartmentNode,
  deleteDepartment,
  departmentTreeQuery,
  moveDepartment,
  saveDepartment,
} from '../api/departments.ts';
import { MEMBERS_KEY } from '../api/members.ts';
import { DepartmentArrangementDialog } from './department-arrangement-dialog.tsx';
import { DepartmentEditorDialog } from './department-editor-dialog.tsx';
import {
  ALL_MEMBERS_KEY,
  allDepartmentIds,
  type DepartmentDraft,
  type DepartmentFilter,
  deleteProblem,
  filterOfKey,
  type MoveDirection,
  moveInTree,
  moveProblem,
  NO_DEPARTMENT_KEY,
} from './department-tree-model.ts';

type TreeItem = { key: string; title: string; node?: DepartmentNode; children?: TreeItem[] };

const toTreeItems = (nodes: readonly DepartmentNode[]): TreeItem[] =>
  nodes.map((node) => ({
    key: String(node.id),
    title: node.name,
    node,
    children: toTreeItems(node.children),
  }));

/**
 * The department tree: choosing a node filters the member list; each
 * department can get a sub-department, be renamed, get a manager, move up or down among its siblings, or be
 * deleted when it has no sub-departments.
 */
export function DepartmentPanel({
  filter,
  onFilterChange,
}: {
  filter: DepartmentFilter;
  onFilterChange: (filter: DepartmentFilter) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const departments = useQuery(departmentTreeQuery);
  const [draft, setDraft] = useState<DepartmentDraft | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  /** Each opening of the arrangement starts from the tree as it is then. */
  const [arranging, setArranging] = useState({ isOpen: false, opening: 0 });
  const tree = departments.data ?? [];

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
    ]);

  async function move(node: DepartmentNode, direction: MoveDirection) {
    const problem = moveProblem(tree, node.id, direction);
    if (problem) {
      showNotice({ key: problem }, 'warning');
      return;
    }
    queryClient.setQueryData(DEPARTMENTS_KEY, moveInTree(tree, node.id, direction));
    try {
      await moveDepartment(node.id, direction);
    } catch {
      // Reported by the HTTP client; the server's order comes back below.
    }
    await queryClient.invalidateQueries({ queryKey: DEPARTMENTS_KEY });
  }

  function confirmDelete(node: DepartmentNode) {
    const problem = deleteProblem(node);
    if (problem) {
      showNotice({ key: problem }, 'warning');
      return;
    }
    modal.confirm({
      title: t('org_admin.department_delete_title', { name: node.name }),
      content: t('org_admin.department_delete_body'),
      okText: t('org_admin.department_delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await deleteDepartment(node.id);
          if (filter === node.id) onFilterChange('all');
          showNotice({ key: 'org_admin.department_deleted', values: { name: node.name } }, 'success');
        } catch {
          // Reported by the HTTP client (it gained a sub-department meanwhile).
        }
        await refresh();
      },
    });
  }

  const departmentActions: MenuProps['items'] = [
    { key: 'child', icon: <PlusOutlined />, label: t('org_admin.department_add_child') },
    { key: 'rename', icon: <EditOutlined />, label: t('org_admin.department_rename') },
    { key: 'manager', icon: <UserSwitchOutlined />, label: t('org_admin.department_set_manager') },
    { key: 'parent', icon: <NodeIndexOutlined />, label: t('org_admin.department_change_parent') },
    { type: 'divider' },
    { key: 'up', icon: <ArrowUpOutlined />, label: t('org_admin.department_move_up') },
    { key: 'down', icon: <ArrowDownOutlined />, label: t('org_admin.department_move_down') },
    { type: 'divider' },
    { key: 'delete', icon: <DeleteOutlined />, label: t('org_admin.department_delete'), danger: true },
  ];

  function act(node: DepartmentNode, key: string) {
    if (key === 'child') setDraft({ kind: 'create', parentId: node.id, parentName: node.name });
    else if (key === 'rename') setDraft({ kind: 'rename', id: node.id, name: node.name });
    else if (key === 'manager') {
      setDraft({
        kind: 'manager',
        id: node.id,
        name: node.name,
        managerUserId: node.manager_user_id,
        managerName: node.manager_name,
      });
    } else if (key === 'parent') {
      setDraft({ kind: 'parent', id: node.id, name: node.name, parentId: node.parentId });
    } else if (key === 'up' || key === 'down') void move(node, key);
    else if (key === 'delete') confirmDelete(node);
  }

  const items: TreeItem[] = [
    { key: ALL_MEMBERS_KEY, title: t('org_admin.all_members') },
    ...toTreeItems(tree),
    { key: NO_DEPARTMENT_KEY, title: t('org_admin.no_department') },
  ];
  const expandedKeys = allDepartmentIds(tree)
    .map(String)
    .filter((key) => !collapsed.has(key));

  return (
    <aside className="department-panel" aria-label={t('org_admin.departments')}>
      <header className="department-panel__header">
        <h3>
          <ApartmentOutlined aria-hidden="true" /> {t('org_admin.departments')}
        </h3>
        <span className="department-panel__tools">
          <Button
            size="small"
            icon={<OrderedListOutlined />}
            disabled={tree.length === 0}
            onClick={() => setArranging((current) => ({ isOpen: true, opening: current.opening + 1 }))}
          >
            {t('org_admin.departments_arrange')}
          </Button>
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setDraft({ kind: 'create', parentId: null, parentName: '' })}
          >
            {t('org_admin.department_add')}
          </Button>
        </span>
      </header>
      {departments.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : departments.isError ? (
        <div className="department-panel__state">
          <p>{t('org_admin.departments_failed')}</p>
          <Button icon={<ReloadOutlined />} onClick={() => void departments.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <Tree<TreeItem>
            className="department-tree"
            blockNode
            treeData={items}
            selectedKeys={[String(filter)]}
            expandedKeys={expandedKeys}
            onExpand={(keys) => {
              const open = new Set(keys.map(String));
              setCollapsed(
                new Set(
                  allDepartmentIds(tree)
                    .map(String)
                    .filter((key) => !open.has(key)),
                ),
              );
            }}
            onSelect={(keys, info) => onFilterChange(filterOfKey(keys[0] ?? info.node.key))}
            titleRender={(item) => <DepartmentTitle item={item} actions={departmentActions} onAction={act} />}
          />
          {tree.length === 0 && <p className="department-panel__empty">{t('org_admin.departments_empty')}</p>}
        </>
      )}
      {arranging.opening > 0 && (
        <DepartmentArrangementDialog
          key={arranging.opening}
          tree={tree}
          open={arranging.isOpen}
          onClose={() => setArranging((current) => ({ ...current, isOpen: false }))}
          onSaved={refresh}
        />
      )}
      <DepartmentEditorDialog
        draft={draft}
        onClose={() => setDraft(null)}
        onCreate={async (body) => {
          await createDepartment(body);
          showNotice({ key: 'org_admin.department_created', values: { name: body.name } }, 'success');
          if (body.parent_id !== null) {
            const parent = String(body.parent_id);
            setCollapsed((current) => new Set([...current].filter((key) => key !== parent)));
          }
          await refresh();
        }}
        onSave={async (body) => {
          await saveDepartment(body);
          if (body.parent_id) {
            const parent = String(body.parent_id);
            setCollapsed((current) => new Set([...current].filter((key) => key !== parent)));
          }
          showNotice({ key: 'org_admin.department_saved' }, 'success');
          await refresh();
        }}
      />
    </aside>
  );
}

function DepartmentTitle({
  item,
  actions,
  onAction,
}: {
  item: TreeItem;
  actions: MenuProps['items'];
  onAction: (node: DepartmentNode, key: string) => void;
}) {
  const { t } = useTranslation();
  const { node } = item;
  if (!node) {
    return (
      <span className="department-node department-node--special">
        <TeamOutlined aria-hidden="true" />
        <span className="department-node__name">{item.title}</span>
      </span>
    );
  }
  return (
    <span className="department-node">
      <span className="department-node__text">
        <span className="department-node__name">{node.name}</span>
        {node.manager_name && (
          <span className="department-node__manager">
            <UserOutlined aria-hidden="true" /> {node.manager_name}
          </span>
        )}
      </span>
      <span
        className="department-node__count"
        title={t('org_admin.department_members', { count: node.member_count })}
      >
        {node.member_count}
      </span>
      {/* The menu acts on its department without choosing it in the tree (which filters the members). */}
      <Dropdown
        trigger={['click']}
        menu={{
          items: actions,
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            onAction(node, key);
          },
        }}
      >
        <Button
          type="text"
          size="small"
          className="department-node__more"
          icon={<MoreOutlined />}
          aria-label={t('org_admin.department_actions', { name: node.name })}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        />
      </Dropdown>
    </span>
  );
}
