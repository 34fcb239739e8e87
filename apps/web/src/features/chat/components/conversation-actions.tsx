import { FileAddOutlined, FilePdfOutlined, ShareAltOutlined } from '@ant-design/icons';
import { ERRORS } from '@tandem/contract/errors';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/http-client.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { downloadConversationPdf } from '../api/chat-share.ts';
import { ShareDialog } from './share-dialog.tsx';

/** The open conversation's share link, PDF export and saving to a project, in the chat header. */
export function ConversationActions({
  conversationId,
  onSaveToProject,
}: {
  conversationId: string;
  onSaveToProject?: () => void;
}) {
  const { t } = useTranslation();
  const [isSharing, setSharing] = useState(false);
  const [isExporting, setExporting] = useState(false);

  const exportPdf = async () => {
    setExporting(true);
    try {
      await downloadConversationPdf(conversationId);
    } catch (error) {
      showNotice({ key: exportFailureKey(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Space wrap>
      <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
        {t('chat_share.button')}
      </Button>
      <Button icon={<FilePdfOutlined />} loading={isExporting} onClick={() => void exportPdf()}>
        {t('chat_export.button')}
      </Button>
      {onSaveToProject && (
        <Button icon={<FileAddOutlined />} onClick={onSaveToProject}>
          {t('save_to_project.conversation')}
        </Button>
      )}
      {isSharing && <ShareDialog conversationId={conversationId} onClose={() => setSharing(false)} />}
    </Space>
  );
}

/** A failed download's body is a blob the client does not read, so the status says what happened. */
function exportFailureKey(error: unknown) {
  if (!(error instanceof ApiError)) return 'chat_export.failed';
  if (error.kind === 'network') return 'error.network_failed';
  if (error.kind === 'timeout') return 'error.request_timeout';
  if (error.status === ERRORS.CONVERSATION_NOT_FOUND.status)
    return `error.${ERRORS.CONVERSATION_NOT_FOUND.key}`;
  if (error.status === ERRORS.RATE_LIMITED.status) return `error.${ERRORS.RATE_LIMITED.key}`;
  return 'chat_export.failed';
}
