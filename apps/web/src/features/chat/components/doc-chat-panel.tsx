import { CloseOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Drawer, Empty, Select, Spin, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isNetworkFailure, noticeOf } from '../../../shared/api/failure.ts';
import { useIsPhone } from '../../../shared/ui/use-is-phone.ts';
import { sendBesideDocument } from '../api/agent-knowledge.ts';
import { chatAgentQuery } from '../api/chat.ts';
import { chatAgentsQuery } from '../api/chat-agents.ts';
import { useConversation } from '../model/use-conversation.ts';
import { Composer } from './composer.tsx';
import { MessageItem } from './message-item.tsx';
import { MessageList } from './message-list.tsx';
import '../pages/chat-page.css';
import './doc-chat-panel.css';

/** What the editor handed over: a selection to quote into the question, or to add to it as context. */
export type DocChatHandOff = { kind: 'quote' | 'add'; text: string; seq: number };

/** The selection as a Markdown quote, each of its lines quoted. */
const quoted = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

type Props = {
  doc: { id: number; name: string };
  /** A hand-off not taken yet; the panel takes it (`onTake`) when it changes. */
  pending: DocChatHandOff | null;
  onTake(): DocChatHandOff | null;
  onClose(): void;
  /** Its width beside the document, which the page leaves free for it. */
  width: number;
};

/**
 * The chat beside a document: a conversation with an agent of the user's chat list, whose
 * replies read the open document (and its project, where the agent has "context from projects" on).
 * Streaming, stop, points and errors are the chat's own. A side panel; a drawer from the bottom on a phone.
 */
export function DocChatPanel({ doc, pending, onTake, onClose, width }: Props) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const agents = useQuery(chatAgentsQuery());
  const usable = (agents.data ?? []).filter((agent) => agent.status === 'published');
  const [agentKey, setAgentKey] = useState<string | null>(null);
  const chosenKey = agentKey ?? usable[0]?.agent_key ?? null;
  const agent = useQuery({ ...chatAgentQuery(chosenKey ?? ''), enabled: chosenKey !== null });
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ text: string; seq: number } | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const conversation = useConversation({
    conversationId,
    agentKey: chosenKey ?? '',
    agentId: agent.data?.id ?? null,
    onStarted: (data) => setConversationId(data.conversation_id),
    sender: (body) => sendBesideDocument({ ...body, doc_id: doc.id }),
  });
  const { messages, isStreaming } = conversation;

  // What the editor hands over: a quote goes into the question, an addition goes with the next one.
  useEffect(() => {
    if (!pending) return;
    const handOff = onTake();
    if (handOff?.kind === 'quote') setDraft({ text: `${quoted(handOff.text)}\n\n`, seq: handOff.seq });
    else if (handOff) setAdded(handOff.text);
  }, [pending, onTake]);

  const send = async (content: string) => {
    setSending(true);
    setSendError(null);
    try {
      await conversation.send({ content: added ? `${quoted(added)}\n\n${content}` : content });
      setAdded(null);
    } catch (error) {
      const notice = isNetworkFailure(error) ? { key: 'error.network_send_failed' } : noticeOf(error);
      setSendError(t(notice.key, notice.values));
      throw error;
    } finally {
      setSending(false);
    }
  };
  const startOver = () => {
    setConversationId(null);
    setSendError(null);
  };

  const header = (
    <div className="doc-chat__bar">
      <Select
        className="doc-chat__agent"
        aria-label={t('agent_knowledge.choose_agent')}
        placeholder={t('agent_knowledge.choose_agent')}
        value={chosenKey ?? undefined}
        loading={agents.isPending}
        disabled={isStreaming || isSending}
        onChange={(key) => {
          setAgentKey(key);
          startOver();
        }}
        options={usable.map((option) => ({
          value: option.agent_key,
          label: (
            <span className="doc-chat__agent-option">
              <Avatar size={20} src={option.avatar || undefined}>
                {option.name.slice(0, 1)}
              </Avatar>
              {option.name}
            </span>
          ),
        }))}
      />
      <Tooltip title={t('agent_knowledge.new_conversation')}>
        <Button
          icon={<PlusOutlined />}
          aria-label={t('agent_knowledge.new_conversation')}
          disabled={conversationId === null || isStreaming}
          onClick={startOver}
        />
      </Tooltip>
    </div>
  );

  return (
    <Drawer
      open
      className="doc-chat"
      title={t('agent_knowledge.panel_title')}
      placement={isPhone ? 'bottom' : 'right'}
      size={isPhone ? '85%' : width}
      mask={isPhone}
      // Beside the document, not over it: the document stays in reach of mouse and keyboard.
      focusable={{ trap: isPhone }}
      closeIcon={<CloseOutlined aria-label={t('agent_knowledge.panel_close')} />}
      onClose={onClose}
      styles={{ body: { display: 'flex', flexDirection: 'column', padding: 0 } }}
    >
      {header}
      <p className="doc-chat__reads">
        <FileTextOutlined /> {t('agent_knowledge.reads_document')}: {doc.name || t('doc_editor.untitled')}
        {agent.data?.points_per_request != null && (
          <span className="doc-chat__points">
            {t('chat.points_per_message', { count: agent.data.points_per_request })}
          </span>
        )}
      </p>
      {agents.isSuccess && usable.length === 0 ? (
        <Empty className="doc-chat__empty" description={t('agent_knowledge.no_agents')}>
          <Link to="/chat">{t('nav.chat')}</Link>
        </Empty>
      ) : (
        <>
          <MessageList
            conversationKey={conversationId}
            label={t('chat.messages_label')}
            messages={messages}
            header={
              <>
                {conversation.query.isLoading && <Spin aria-label={t('common.loading')} />}
                {!conversationId && <p className="doc-chat__hint">{t('agent_knowledge.empty')}</p>}
              </>
            }
            renderMessage={(message) => (
              <MessageItem message={message} isMarkdown={agent.data?.markdown ?? true} />
            )}
            footer={null}
          />
          <div className="doc-chat__composer">
            {sendError && (
              <Alert type="error" showIcon closable title={sendError} onClose={() => setSendError(null)} />
            )}
            {added && (
              <div className="doc-chat__added">
                <span className="doc-chat__added-label">{t('agent_knowledge.added_context')}</span>
                <blockquote className="doc-chat__added-text">{added}</blockquote>
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={t('agent_knowledge.remove_context')}
                  onClick={() => setAdded(null)}
                />
              </div>
            )}
            {/* Once an agent is there to answer. */}
            {chosenKey !== null && (
              <Composer
                isStreaming={isStreaming}
                isSending={isSending}
                onSend={send}
                onStop={() => void conversation.stop()}
                draft={draft}
                placeholder={t('agent_knowledge.placeholder_question')}
              />
            )}
          </div>
        </>
      )}
    </Drawer>
  );
}
