import { useQuery } from '@tanstack/react-query';
import { Form, Input, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { departmentTreeQuery } from '../api/departments.ts';
import {
  type DepartmentDraft,
  departmentChoices,
  draftRequest,
  locateDepartment,
  subtreeIds,
  TOP_LEVEL,
} from './department-tree-model.ts';
import { MemberPicker } from './member-picker.tsx';
import { TeamFormDialog } from './team-form-dialog.tsx';

/** The contract's limit on a department name. */
const DEPARTMENT_NAME_MAX = 50;
const FORM_ID = 'department-editor';

type EditorValues = { name?: string; managerUserId?: number | null; parentId?: number };

/** Adds a department, renames one, sets its manager or moves it under another parent, depending on the draft. */
export function DepartmentEditorDialog({
  draft,
  onClose,
  onCreate,
  onSave,
}: {
  draft: DepartmentDraft | null;
  onClose: () => void;
  onCreate: (body: { name: string; parent_id: number | null }) => Promise<void>;
  onSave: (body: {
    id: number;
    name?: string;
    manager_user_id?: number | null;
    parent_id?: number | null;
  }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditorValues>();
  const [isSaving, setIsSaving] = useState(false);

  async function submit(values: EditorValues) {
    if (!draft) return;
    const request = draftRequest(draft, values);
    if (request.action === 'none') {
      onClose();
      return;
    }
    setIsSaving(true);
    try {
      if (request.action === 'create') await onCreate(request.body);
      else await onSave(request.body);
      onClose();
    } catch {
      // Reported by the HTTP client; the dialog stays open.
    } finally {
      setIsSaving(false);
    }
  }

  const title = !draft
    ? ''
    : draft.kind === 'create'
      ? draft.parentId === null
        ? t('org_admin.department_add_top')
        : t('org_admin.department_add_child_of', { name: draft.parentName })
      : draft.kind === 'rename'
        ? t('org_admin.department_rename_title', { name: draft.name })
        : draft.kind === 'parent'
          ? t('org_admin.department_parent_title', { name: draft.name })
          : t('org_admin.department_manager_title', { name: draft.name });

  return (
    <TeamFormDialog
      open={!!draft}
      onClose={onClose}
      width={440}
      title={title}
      formId={FORM_ID}
      submitLabel={t(draft?.kind === 'create' ? 'org_admin.department_create' : 'common.save')}
      isSubmitting={isSaving}
    >
      {draft && (
        <Form<EditorValues>
          id={FORM_ID}
          form={form}
          layout="vertical"
          onFinish={submit}
          disabled={isSaving}
          initialValues={
            draft.kind === 'rename'
              ? { name: draft.name }
              : draft.kind === 'manager'
                ? { managerUserId: draft.managerUserId }
                : draft.kind === 'parent'
                  ? { parentId: draft.parentId ?? TOP_LEVEL }
                  : { name: '' }
          }
        >
          {draft.kind === 'parent' ? (
            <ParentPicker departmentId={draft.id} />
          ) : draft.kind === 'manager' ? (
            <Form.Item
              name="managerUserId"
              label={t('org_admin.department_manager')}
              extra={t('org_admin.department_manager_hint')}
            >
              <MemberPicker
                ariaLabel={t('org_admin.department_manager')}
                initialLabel={draft.managerName}
                allowClear
              />
            </Form.Item>
          ) : (
            <Form.Item
              name="name"
              label={t('org_admin.department_name')}
              rules={[{ required: true, whitespace: true, message: t('org_admin.department_name_required') }]}
            >
              <Input maxLength={DEPARTMENT_NAME_MAX} showCount autoFocus autoComplete="off" />
            </Form.Item>
          )}
        </Form>
      )}
    </TeamFormDialog>
  );
}

/** The new parent: the top level or any department outside this one's own sub-tree. */
function ParentPicker({ departmentId }: { departmentId: number }) {
  const { t } = useTranslation();
  const departments = useQuery(departmentTreeQuery);
  const tree = departments.data ?? [];
  const place = locateDepartment(tree, departmentId);
  return (
    <Form.Item
      name="parentId"
      label={t('org_admin.department_parent')}
      extra={t('org_admin.department_parent_hint')}
      htmlFor="department-parent"
    >
      <TreeSelect
        id="department-parent"
        aria-label={t('org_admin.department_parent')}
        loading={departments.isPending}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        treeData={[
          { value: TOP_LEVEL, title: t('org_admin.department_top_level'), children: [] },
          ...departmentChoices(tree, place ? subtreeIds(place.node) : new Set()),
        ]}
      />
    </Form.Item>
  );
}
