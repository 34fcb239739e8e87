import { CopyOutlined, FileAddOutlined, ReloadOutlined } from '@ant-design/icons';
import { ERRORS, errorByCode } from '@tandem/contract/errors';
import { Alert, Collapse, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withCitationLinks } from '../../../shared/markdown/citation-links.ts';
import { Citations } from '../../../shared/markdown/citations.tsx';
import { MarkdownReply } from '../../../shared/markdown/markdown-reply.tsx';
import { copyText } from '../../../shared/ui/copy-text.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import type { ShownMessage } from '../model/apply-publication.ts';
import { isRatable, MessageFeedbackActions } from './message-feedback.tsx';
import { ReplyAction } from './reply-action.tsx';
import { ReplyVersions } from './reply-versions.tsx';

type Props = {
  message: ShownMessage;
  /** False when the agent answers in plain text. */
  isMarkdown?: boolean;
  /** Given on the last reply, when it may be answered again. */
  onRegenerate?: () => void;
  /** Shows another version of a regenerated reply; absent while the conversation is busy. */
  onSelectVersion?: (messageId: number) => void;
  /** True where the reader may like or dislike a reply of their own conversation. */
  canRate?: boolean;
  /** A shared conversation's copy: the message alone, without actions. */
  isReadOnly?: boolean;
  /** Where one who may edit the agent updates its model, when a reply failed for want of one. */
  modelSettingsPath?: string;
  /** Saves the reply as a new document of a project, where the reader may. */
  onSaveToProject?: () => void;
};

export function MessageItem({
  message,
  isMarkdown = true,
  onRegenerate,
  onSelectVersion,
  canRate = false,
  isReadOnly = false,
  modelSettingsPath,
  onSaveToProject,
}: Props) {
  const { t } = useTranslation();
  if (message.role === 'user') {
    return (
      <div className="chat-message is-user">
        <div className="chat-bubble">
          {message.attachments && message.attachments.length > 0 && (
            <div className="chat-message-images">
              {message.attachments.map((url, index) => (
                <a key={url} href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={t('chat.image_n', { n: index + 1 })} loading="lazy" />
                </a>
              ))}
            </div>
          )}
          {message.content}
        </div>
      </div>
    );
  }
  const isStreaming = message.status === 'streaming';
  const copy = async () => {
    try {
      await copyText(message.content);
      showNotice({ key: 'chat.copied' }, 'success');
    } catch {
      showNotice({ key: 'chat.copy_failed' });
    }
  };
  return (
    <div className="chat-message is-assistant" aria-busy={isStreaming}>
      {message.reasoning && (
        <Collapse
          size="small"
          className="chat-reasoning"
          items={[{ key: 'reasoning', label: t('chat.reasoning'), children: message.reasoning }]}
        />
      )}
      {message.content ? (
        isMarkdown ? (
          <MarkdownReply text={withCitationLinks(message.content, message.citations)} />
        ) : (
          <div className="chat-plain">{message.content}</div>
        )
      ) : (
        isStreaming && <Spin size="small" />
      )}
      {!isStreaming && message.citations && <Citations citations={message.citations} />}
      {message.status === 'stopped' && <p className="chat-note">{t('chat.stopped')}</p>}
      {message.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={errorText(message, t)}
          action={
            modelSettingsPath && message.error_code === ERRORS.MODEL_UNAVAILABLE.code ? (
              <Link to={modelSettingsPath}>{t('chat.update_model')}</Link>
            ) : undefined
          }
        />
      )}
      {!isStreaming && !isReadOnly && (
        <div className="chat-message-actions">
          {message.versions && (
            <ReplyVersions versions={message.versions} shownId={message.id} onSelect={onSelectVersion} />
          )}
          {message.content && <ReplyAction label={t('chat.copy')} icon={<CopyOutlined />} onClick={copy} />}
          {onRegenerate && (
            <ReplyAction label={t('chat.regenerate')} icon={<ReloadOutlined />} onClick={onRegenerate} />
          )}
          {onSaveToProject && message.content && (
            <ReplyAction
              label={t('save_to_project.reply')}
              icon={<FileAddOutlined />}
              onClick={onSaveToProject}
            />
          )}
          {canRate && isRatable(message) && <MessageFeedbackActions message={message} />}
        </div>
      )}
    </div>
  );
}

/** The error in the reader's language when its code is known, else what the server said. */
function errorText(message: ShownMessage, t: (key: string) => string) {
  const known = message.error_code === null ? undefined : errorByCode(message.error_code);
  if (known) return t(`error.${known.key}`);
  return message.error_msg || t('chat.reply_failed');
}
