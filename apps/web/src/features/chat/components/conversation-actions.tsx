import { EllipsisOutlined, FileAddOutlined, FilePdfOutlined, ShareAltOutlined } from '@ant-design/icons';
import { ERRORS } from '@tandem/contract/errors';
import { Button, Dropdown, type MenuProps, Space } from 'antd';
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
  isCompact = false,
}: {
  conversationId: string;
  onSaveToProject?: () => void;
  /** One button opening a menu of the actions, so the header keeps to one row on a phone. */
  isCompact?: boolean;
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

  const dialog = isSharing && (
    <ShareDialog conversationId={conversationId} onClose={() => setSharing(false)} />
  );
  if (isCompact) {
    const items: MenuProps['items'] = [
      { key: 'share', icon: <ShareAltOutlined />, label: t('chat_share.button') },
      { key: 'pdf', icon: <FilePdfOutlined />, label: t('chat_export.button'), disabled: isExporting },
      ...(onSaveToProject
        ? [{ key: 'save', icon: <FileAddOutlined />, label: t('save_to_project.conversation') }]
        : []),
    ];
    const onClick: MenuProps['onClick'] = ({ key }) => {
      if (key === 'share') setSharing(true);
      else if (key === 'pdf') void exportPdf();
      else onSaveToProject?.();
    };
    return (
      <>
        <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick }}>
          <Button
            icon={<EllipsisOutlined />}
            loading={isExporting}
            aria-label={t('chat.conversation_actions')}
            className="conversation-actions__more"
          />
        </Dropdown>
        {dialog}
      </>
    );
  }

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
      {dialog}
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
