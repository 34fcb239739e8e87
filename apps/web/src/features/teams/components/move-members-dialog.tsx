import { useQuery } from '@tanstack/react-query';
import { Button, Form, Modal, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { departmentTreeQuery } from '../api/departments.ts';
import { departmentChoices, locateDepartment } from './department-tree-model.ts';

/** "No department" in the picker; the request sends null for it. */
const NO_DEPARTMENT = 0;

/** Picks the department the selected members move into, or none; `onMove` learns its name for the toast. */
export function MoveMembersDialog({
  count,
  open,
  onClose,
  onMove,
}: {
  count: number;
  open: boolean;
  onClose: () => void;
  onMove: (departmentId: number | null, departmentName: string | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const departments = useQuery({ ...departmentTreeQuery, enabled: open });
  const [target, setTarget] = useState<number | undefined>();
  const [isMoving, setIsMoving] = useState(false);

  async function move() {
    if (target === undefined) return;
    setIsMoving(true);
    try {
      if (target === NO_DEPARTMENT) await onMove(null, null);
      else await onMove(target, locateDepartment(departments.data ?? [], target)?.node.name ?? '');
      onClose();
    } catch {
      // Reported by the HTTP client.
    } finally {
      setIsMoving(false);
    }
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setTarget(undefined)}
      width={440}
      title={t('org_admin.move_title', { count })}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="move" type="primary" disabled={target === undefined} loading={isMoving} onClick={move}>
          {t('org_admin.move_confirm')}
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label={t('org_admin.move_target')} htmlFor="move-target">
          <TreeSelect
            id="move-target"
            aria-label={t('org_admin.move_target')}
            value={target}
            onChange={setTarget}
            loading={departments.isPending}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder={t('org_admin.move_target_placeholder')}
            treeData={[
              { value: NO_DEPARTMENT, title: t('org_admin.no_department'), children: [] },
              ...departmentChoices(departments.data ?? []),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
