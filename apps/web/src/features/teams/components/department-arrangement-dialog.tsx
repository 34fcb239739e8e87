import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import { batchSaveDepartments, type DepartmentNode, reSortDepartments } from '../api/departments.ts';
import {
  type ArrangementRow,
  arrangementRequests,
  arrangementRows,
  blankNames,
  hasChanges,
} from './department-arrangement.ts';
import { type MoveDirection, moveInTree } from './department-tree-model.ts';
import './team-dialogs.css';

/** The contract's limit on a department name. */
const DEPARTMENT_NAME_MAX = 50;

/** The buttons that move a department among its siblings. */
const MOVES = [
  {
    direction: 'up',
    icon: <ArrowUpOutlined />,
    label: 'org_admin.department_move_up_named',
    isAllowed: (row: ArrangementRow) => row.canMoveUp,
  },
  {
    direction: 'down',
    icon: <ArrowDownOutlined />,
    label: 'org_admin.department_move_down_named',
    isAllowed: (row: ArrangementRow) => row.canMoveDown,
  },
] as const satisfies readonly {
  direction: MoveDirection;
  icon: React.JSX.Element;
  label: string;
  isAllowed: (row: ArrangementRow) => boolean;
}[];

/**
 * Rename many departments and reorder each level, then save it all at once (`batch-save-department` for
 * the names, `re-sort-department` for each reordered level). Mount it anew for each opening.
 */
export function DepartmentArrangementDialog({
  tree,
  open,
  onClose,
  onSaved,
}: {
  tree: DepartmentNode[];
  open: boolean;
  onClose: () => void;
  /** After a save, whole or partial: the tree is read again. */
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [arranged, setArranged] = useState(tree);
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const [blank, setBlank] = useState<ReadonlySet<number>>(new Set());
  const [isSaving, setIsSaving] = useState(false);

  const move = (id: number, direction: MoveDirection) =>
    setArranged((current) => moveInTree(current, id, direction));
  const rename = (id: number, name: string) => {
    setNames((current) => new Map(current).set(id, name));
    if (blank.has(id)) setBlank((current) => new Set([...current].filter((each) => each !== id)));
  };

  async function save() {
    const missing = blankNames(names);
    if (missing.length > 0) {
      setBlank(new Set(missing));
      showNotice({ key: 'org_admin.department_name_required' }, 'warning');
      return;
    }
    const requests = arrangementRequests(tree, arranged, names);
    if (!hasChanges(requests)) {
      showNotice({ key: 'org_admin.nothing_changed' }, 'info');
      onClose();
      return;
    }
    setIsSaving(true);
    try {
      if (requests.renames.length > 0) await batchSaveDepartments(requests.renames);
      for (const reSort of requests.reSorts) await reSortDepartments(reSort);
      showNotice({ key: 'org_admin.departments_arranged' }, 'success');
      onClose();
    } catch {
      // Reported by the HTTP client (another manager changed the tree meanwhile); the dialog stays open.
    } finally {
      setIsSaving(false);
      await onSaved();
    }
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={520}
      title={t('org_admin.departments_arrange_title')}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={isSaving} onClick={() => void save()}>
          {t('common.save')}
        </Button>,
      ]}
    >
      <p className="team-dialog__lead">{t('org_admin.departments_arrange_lead')}</p>
      <ol className="department-arrangement" aria-label={t('org_admin.departments_arrange_list')}>
        {arrangementRows(arranged).map((row) => (
          <li
            key={row.id}
            className="department-arrangement__row"
            style={{ paddingInlineStart: row.depth * 24 }}
          >
            <Input
              className="department-arrangement__name"
              aria-label={t('org_admin.department_name_of', { name: row.name })}
              value={names.get(row.id) ?? row.name}
              onChange={(event) => rename(row.id, event.target.value)}
              maxLength={DEPARTMENT_NAME_MAX}
              status={blank.has(row.id) ? 'error' : undefined}
              disabled={isSaving}
              autoComplete="off"
            />
            {MOVES.map(({ direction, icon, label, isAllowed }) => (
              <Button
                key={direction}
                type="text"
                icon={icon}
                aria-label={t(label, { name: row.name })}
                disabled={!isAllowed(row) || isSaving}
                onClick={() => move(row.id, direction)}
              />
            ))}
          </li>
        ))}
      </ol>
    </Modal>
  );
}
