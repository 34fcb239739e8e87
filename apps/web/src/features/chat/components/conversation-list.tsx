import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CONVERSATION_TITLE_MAX } from '@tandem/contract/chat';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, type InputRef, Modal, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Conversation,
  conversationsKey,
  conversationsQuery,
  deleteConversation,
  renameConversation,
} from '../api/chat.ts';

type Props = {
  agentId: number | null;
  activeId: string | null;
  onOpen(conversationId: string | null): void;
};

/** The agent's conversations, latest first, with new, rename and delete. */
export function ConversationList({ agentId, activeId, onOpen }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(conversationsQuery(agentId));
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const conversations = list.data?.pages.flatMap((page) => page.data) ?? [];
  const reload = () => queryClient.invalidateQueries({ queryKey: conversationsKey(agentId) });

  return (
    <nav className="chat-history" aria-label={t('chat.history')}>
      <Button block icon={<PlusOutlined />} onClick={() => onOpen(null)}>
        {t('chat.new_conversation')}
      </Button>
      {list.isPending && agentId !== null && <Spin className="chat-history-loading" />}
      {list.isError && <Typography.Text type="danger">{t('chat.history_failed')}</Typography.Text>}
      {list.isSuccess && conversations.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.no_conversations')} />
      )}
      <ul className="chat-side-list">
        {conversations.map((conversation) => (
          <li
            key={conversation.conversation_id}
            className={conversation.conversation_id === activeId ? 'is-active' : undefined}
          >
            <button
              type="button"
              className="chat-history-title"
              onClick={() => onOpen(conversation.conversation_id)}
            >
              {conversation.title}
            </button>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('chat.rename_named', { title: conversation.title })}
              onClick={() => setRenaming(conversation)}
            />
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('chat.delete_named', { title: conversation.title })}
              onClick={() => setDeleting(conversation)}
            />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button type="link" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
          {t('chat.load_more')}
        </Button>
      )}
      {renaming && (
        <RenameDialog
          conversation={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={() => {
            setRenaming(null);
            void reload();
          }}
        />
      )}
      <Modal
        open={!!deleting}
        title={t('chat.delete_title')}
        okText={t('chat.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onCancel={() => setDeleting(null)}
        onOk={async () => {
          if (!deleting) return;
          await deleteConversation(deleting.conversation_id);
          if (deleting.conversation_id === activeId) onOpen(null);
          setDeleting(null);
          await reload();
        }}
      >
        {t('chat.delete_confirm', { title: deleting?.title ?? '' })}
      </Modal>
    </nav>
  );
}

function RenameDialog({
  conversation,
  onClose,
  onRenamed,
}: {
  conversation: Conversation;
  onClose(): void;
  onRenamed(): void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(conversation.title);
  const [isTouched, setTouched] = useState(false);
  const isEmpty = title.trim() === '';
  const input = useRef<InputRef>(null);
  return (
    <Modal
      open
      title={t('chat.rename_title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      // Once shown (not while it animates in, when focus would not stay): the title, all selected.
      afterOpenChange={(isOpen) => isOpen && input.current?.focus({ cursor: 'all' })}
      onOk={async () => {
        setTouched(true);
        if (isEmpty) return;
        await renameConversation(conversation.conversation_id, title.trim());
        onRenamed();
      }}
    >
      <Input
        ref={input}
        aria-label={t('chat.title_label')}
        value={title}
        maxLength={CONVERSATION_TITLE_MAX}
        status={isTouched && isEmpty ? 'error' : undefined}
        onChange={(event) => {
          setTouched(true);
          setTitle(event.target.value);
        }}
      />
      {isTouched && isEmpty && <Typography.Text type="danger">{t('chat.title_required')}</Typography.Text>}
    </Modal>
  );
}
