import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import { createProject, type ProjectItem, updateProject } from '../api/projects.ts';
import { defaultCover } from '../covers/cover-art.ts';
import {
  PROJECT_DESCRIPTION_COUNT,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_COUNT,
  projectNameRule,
} from '../model/project-form.ts';
import { CoverPicker } from './cover-picker.tsx';

type ProjectValues = { name: string; description: string; cover: string };

const FORM_ID = 'project-form';

/**
 * Creates a project, or edits one (`project` given): name (required, at most 50 characters), description
 * and cover. Answers the saved project's id and code through `onSaved`.
 */
export function ProjectFormDialog({
  open,
  project,
  onClose,
  onSaved,
}: {
  open: boolean;
  project?: ProjectItem | null;
  onClose: () => void;
  onSaved: (saved: { id: number; uniq_code: string; name: string }) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isEdit = !!project;

  async function submit(values: ProjectValues) {
    const fields = {
      name: values.name.trim(),
      description: values.description?.trim() ?? '',
      cover: values.cover,
    };
    setIsSubmitting(true);
    try {
      if (project) {
        await updateProject(project.id, fields);
        showNotice({ key: 'projects.form.saved', values: { name: fields.name } }, 'success');
        onSaved({ id: project.id, uniq_code: project.uniq_code, name: fields.name });
      } else {
        const created = await createProject(fields);
        showNotice({ key: 'projects.form.created', values: { name: fields.name } }, 'success');
        onSaved({ ...created, name: fields.name });
      }
    } catch {
      // Reported by the HTTP client.
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      title={isEdit ? t('projects.form.edit_title') : t('projects.form.create_title')}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={FORM_ID} loading={isSubmitting}>
          {isEdit ? t('common.save') : t('projects.form.create_submit')}
        </Button>,
      ]}
    >
      <Form<ProjectValues>
        id={FORM_ID}
        form={form}
        layout="vertical"
        requiredMark
        preserve={false}
        initialValues={{
          name: project?.name ?? '',
          description: project?.description ?? '',
          cover: project?.cover || defaultCover(),
        }}
        onFinish={submit}
        scrollToFirstError={{ focus: true }}
        disabled={isSubmitting}
      >
        <Form.Item name="name" label={t('projects.form.name')} required rules={[projectNameRule(t)]}>
          <Input placeholder={t('projects.form.name_placeholder')} count={PROJECT_NAME_COUNT} autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('projects.form.description')}>
          <Input.TextArea
            placeholder={t('projects.form.description_placeholder')}
            count={PROJECT_DESCRIPTION_COUNT}
            maxLength={PROJECT_DESCRIPTION_MAX}
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
        </Form.Item>
        <Form.Item name="cover" label={t('projects.form.cover')}>
          <CoverPicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
