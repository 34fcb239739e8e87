import { FileDoneOutlined } from '@ant-design/icons';
import { DOC_NAME_MAX } from '@tandem/contract/project-rules';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Result, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value.ts';
import { type ProjectItem, projectChoicesQuery, saveToProject } from '../api/agent-knowledge.ts';

const mayEdit = (project: ProjectItem) => project.role !== 'viewer';

type Props = {
  conversationId: string;
  /** The reply to save; the whole conversation without it. */
  messageId?: number;
  /** The name the new document starts with (the conversation's title). */
  defaultName: string;
  onClose(): void;
};

/**
 * "Save to project": a reply, or the whole conversation, becomes a new document of a project of the
 * current team the user may edit (those they may only read are shown, disabled). Saved, it links to
 * the new document.
 */
export function SaveToProjectDialog({ conversationId, messageId, defaultName, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [projectId, setProjectId] = useState<number | null>(null);
  const [name, setName] = useState(defaultName);
  const projects = useQuery(projectChoicesQuery(useDebouncedValue(keyword, 250)));
  const save = useMutation({
    mutationFn: () =>
      saveToProject({
        project_id: projectId!,
        conversation_id: conversationId,
        ...(messageId === undefined ? {} : { message_id: messageId }),
        name: name.trim() || undefined,
      }),
  });
  const chosen = projects.data?.data.find((project) => project.id === projectId);

  if (save.isSuccess) {
    return (
      <Modal open title={t('save_to_project.title')} onCancel={onClose} footer={null} destroyOnHidden>
        <Result
          status="success"
          icon={<FileDoneOutlined />}
          title={t('save_to_project.saved', { project: chosen?.name ?? '' })}
          extra={
            <Button
              type="primary"
              onClick={() => {
                onClose();
                void navigate(`/projects/${save.data.uniq_code}`);
              }}
            >
              {t('save_to_project.open')}
            </Button>
          }
        />
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={t('save_to_project.title')}
      okText={t('save_to_project.save')}
      okButtonProps={{ disabled: projectId === null, loading: save.isPending }}
      onOk={() => save.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t(messageId === undefined ? 'save_to_project.what_conversation' : 'save_to_project.what_reply')}</p>
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t('save_to_project.project')} htmlFor="save-to-project-project">
          <Select<number>
            id="save-to-project-project"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            value={projectId ?? undefined}
            onChange={setProjectId}
            loading={projects.isFetching}
            placeholder={t('save_to_project.project_placeholder')}
            notFoundContent={t('save_to_project.no_projects')}
            options={(projects.data?.data ?? []).map((project) => ({
              value: project.id,
              disabled: !mayEdit(project),
              label: (
                <span className="save-to-project__option">
                  {project.name}
                  {!mayEdit(project) && (
                    <Tag className="save-to-project__tag">{t('save_to_project.read_only')}</Tag>
                  )}
                </span>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('save_to_project.name')} htmlFor="save-to-project-name">
          <Input
            id="save-to-project-name"
            value={name}
            maxLength={DOC_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
          />
        </Form.Item>
      </Form>
      {save.isError && <Alert type="error" showIcon title={t('save_to_project.failed')} />}
    </Modal>
  );
}
