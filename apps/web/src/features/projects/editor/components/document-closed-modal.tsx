import { Button, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export type ClosedReason = 'document' | 'project';

/** The document was deleted elsewhere, or its whole project: the text stays read-only behind this. */
export function DocumentClosedModal({ reason }: { reason: ClosedReason }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal open closable={false} maskClosable={false} keyboard={false} footer={null} centered>
      <Result
        status="warning"
        title={t(reason === 'project' ? 'error.project_deleted' : 'error.document_deleted')}
        subTitle={t('doc_editor.closed_hint')}
        extra={
          <Button type="primary" onClick={() => navigate('/projects', { replace: true })}>
            {t('doc_editor.back_to_projects')}
          </Button>
        }
      />
    </Modal>
  );
}
