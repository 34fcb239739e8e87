import { DislikeFilled, DislikeOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import {
  type DislikeReason,
  FEEDBACK_COMMENT_MAX,
  type MessageFeedback,
  REASON_NEEDING_COMMENT,
} from '@tandem/contract/chat-feedback';
import type { Page } from '@tandem/contract/envelope';
import { DISLIKE_REASONS } from '@tandem/contract/limits';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Modal, Radio, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import { messagesKey } from '../api/chat.ts';
import { rateMessage } from '../api/feedback.ts';
import type { ShownMessage } from '../model/apply-publication.ts';
import './message-feedback.css';
import { ReplyAction } from './reply-action.tsx';

/** A reply its reader may rate: finished, whether to the end or stopped. */
export const isRatable = (message: ShownMessage) =>
  message.role === 'assistant' && (message.status === 'done' || message.status === 'stopped');

/**
 * Like and dislike on a reply: shown at once, saved behind, put back when saving fails. Pressing the
 * rating a reply already has clears it; a dislike first asks why.
 */
export function MessageFeedbackActions({ message }: { message: ShownMessage }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isAsking, setAsking] = useState(false);
  const isSaving = useRef(false);
  const rating = message.feedback?.rating ?? null;

  const show = (feedback: MessageFeedback | null) =>
    queryClient.setQueryData<Page<ShownMessage>>(messagesKey(message.conversation_id), (page) =>
      page
        ? {
            ...page,
            data: page.data.map((shown) => (shown.id === message.id ? { ...shown, feedback } : shown)),
          }
        : page,
    );

  const save = async (feedback: MessageFeedback | null) => {
    if (isSaving.current) return;
    isSaving.current = true;
    const before = message.feedback;
    show(feedback);
    try {
      show((await rateMessage(message.id, feedback)).feedback);
      if (feedback?.rating === 'dislike') showNotice({ key: 'chat.feedback_thanks' }, 'success');
    } catch {
      show(before);
    } finally {
      isSaving.current = false;
    }
  };

  return (
    <>
      <ReplyAction
        label={t('chat.like')}
        isPressed={rating === 'like'}
        icon={rating === 'like' ? <LikeFilled /> : <LikeOutlined />}
        onClick={() => void save(rating === 'like' ? null : { rating: 'like', reason: null, comment: '' })}
      />
      <ReplyAction
        label={t('chat.dislike')}
        isPressed={rating === 'dislike'}
        icon={rating === 'dislike' ? <DislikeFilled /> : <DislikeOutlined />}
        onClick={() => (rating === 'dislike' ? void save(null) : setAsking(true))}
      />
      {isAsking && (
        <DislikeDialog
          onCancel={() => setAsking(false)}
          onSubmit={(reason, comment) => {
            setAsking(false);
            void save({ rating: 'dislike', reason, comment });
          }}
        />
      )}
    </>
  );
}

/** Why a reply was disliked: one of the reasons, and a comment (required for `other`). */
function DislikeDialog({
  onCancel,
  onSubmit,
}: {
  onCancel(): void;
  onSubmit(reason: DislikeReason, comment: string): void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<DislikeReason | null>(null);
  const [comment, setComment] = useState('');
  const [isTried, setTried] = useState(false);
  const reasonLabel = useId();
  const needsComment = reason === REASON_NEEDING_COMMENT && comment.trim() === '';
  const submit = () => {
    setTried(true);
    if (reason && !needsComment) onSubmit(reason, comment.trim());
  };
  return (
    <Modal
      open
      title={t('chat.dislike_title')}
      okText={t('chat.dislike_submit')}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={submit}
      destroyOnHidden
    >
      <div className="chat-dislike">
        <Typography.Text strong id={reasonLabel}>
          {t('chat.dislike_reason_label')}
        </Typography.Text>
        <Radio.Group
          aria-labelledby={reasonLabel}
          className="chat-dislike-reasons"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          options={DISLIKE_REASONS.map((value) => ({ value, label: t(`feedback_reason.${value}`) }))}
        />
        {isTried && !reason && (
          <Typography.Text type="danger" role="alert">
            {t('chat.dislike_reason_required')}
          </Typography.Text>
        )}
        <Input.TextArea
          aria-label={t('chat.dislike_comment_label')}
          placeholder={
            reason === REASON_NEEDING_COMMENT
              ? t('chat.dislike_comment_label')
              : t('chat.dislike_comment_placeholder')
          }
          value={comment}
          maxLength={FEEDBACK_COMMENT_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          status={isTried && needsComment ? 'error' : undefined}
          onChange={(event) => setComment(event.target.value)}
        />
        {isTried && needsComment && (
          <Typography.Text type="danger" role="alert">
            {t('chat.dislike_comment_required')}
          </Typography.Text>
        )}
      </div>
    </Modal>
  );
}
