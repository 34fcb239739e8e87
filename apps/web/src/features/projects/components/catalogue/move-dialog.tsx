import { Button, Modal, TreeSelect } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocTreeNode } from '../../api/documents.ts';
import { docNameOf } from '../../model/doc-name.ts';
import { groupOptions } from '../../model/doc-tree-model.ts';

const TOP_LEVEL = 0;

/** "Move to…" for a selection: the project's top level or a group, never one inside the selection itself. */
export function MoveDialog({
  open,
  tree,
  ids,
  onClose,
  onMove,
}: {
  open: boolean;
  tree: DocTreeNode[];
  ids: number[];
  onClose: () => void;
  /** `parentId` null: the top level. */
  onMove: (parentId: number | null) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<number | undefined>(undefined);
  const [isMoving, setIsMoving] = useState(false);
  const selectId = useId();
  const options = [
    {
      value: TOP_LEVEL,
      title: t('projects.move.top_level'),
      disabled: false,
      children: groupOptions(tree, ids, (node) => docNameOf(node, t)),
    },
  ];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(isOpen) => isOpen && setTarget(undefined)}
      width={460}
      title={t('projects.move.title', { count: ids.length })}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="move"
          type="primary"
          disabled={target === undefined}
          loading={isMoving}
          onClick={async () => {
            if (target === undefined) return;
            setIsMoving(true);
            try {
              if (await onMove(target === TOP_LEVEL ? null : target)) onClose();
            } finally {
              setIsMoving(false);
            }
          }}
        >
          {t('projects.move.confirm')}
        </Button>,
      ]}
    >
      <label htmlFor={selectId} className="name-dialog__label">
        {t('projects.move.destination')}
      </label>
      <TreeSelect<number>
        id={selectId}
        className="move-dialog__select"
        value={target}
        onChange={setTarget}
        treeData={options}
        treeDefaultExpandAll
        placeholder={t('projects.move.placeholder')}
        popupMatchSelectWidth
      />
    </Modal>
  );
}
