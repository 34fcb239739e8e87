import { PlusOutlined, WalletOutlined } from '@ant-design/icons';
import { ERRORS } from '@tandem/contract/errors';
import { NOTIFICATION_TYPES } from '@tandem/contract/realtime-channels';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Button, Empty, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { failureCode, isNetworkFailure, noticeOf } from '../../../shared/api/failure.ts';
import type { ApiError } from '../../../shared/api/http-client.ts';
import { NoModelNotice } from '../../../shared/models/no-model-notice.tsx';
import { onRealtimeEvent } from '../../../shared/realtime/realtime-events.ts';
import { chatPathOf, editorPathOf } from '../../../shared/routing/agent-paths.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { useIsPhone } from '../../../shared/ui/use-is-phone.ts';
import { type ChatAgent, chatAgentQuery } from '../api/chat.ts';
import { type ChatListAgent, chatAgentsKey } from '../api/chat-agents.ts';
import { AgentList } from '../components/agent-list.tsx';
import { ChatSide, ChatSideButton, useChatSide } from '../components/chat-side.tsx';
import { Composer } from '../components/composer.tsx';
import { ConversationActions } from '../components/conversation-actions.tsx';
import { ConversationList } from '../components/conversation-list.tsx';
import { MessageItem } from '../components/message-item.tsx';
import { MessageList } from '../components/message-list.tsx';
import { ModelPicker, useConversationModel } from '../components/model-picker.tsx';
import { SaveToProjectDialog } from '../components/save-to-project-dialog.tsx';
import { SitePanel, SitePanelButton } from '../components/site-panel.tsx';
import { elementRequestOf, type PickedElement, pickedNameOf } from '../model/picked-element.ts';
import { useConversation } from '../model/use-conversation.ts';
import { useListOnOpen } from '../model/use-list-on-open.ts';
import { ChatLanding } from './chat-landing.tsx';
import './chat-page.css';

/** `/chat?agent_key=<key>&conversation_id=<id>`: the conversations with one agent, and the open one. */
export function ChatPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const agentKey = params.get('agent_key') ?? '';
  const agent = useQuery({ ...chatAgentQuery(agentKey), enabled: agentKey !== '' });
  const queryClient = useQueryClient();
  // An agent deleted meanwhile: its chat closes at once, its conversations stay readable.
  useEffect(
    () =>
      onRealtimeEvent(NOTIFICATION_TYPES.agentDeleted, () => {
        void queryClient.invalidateQueries({ queryKey: chatAgentQuery(agentKey).queryKey });
        void queryClient.invalidateQueries({ queryKey: chatAgentsKey });
      }),
    [agentKey, queryClient],
  );

  if (!agentKey) return <ChatLanding />;
  if (agent.isPending) return <Spin className="chat-page-state" aria-label={t('common.loading')} />;
  const conversationId = params.get('conversation_id');
  if (agent.isError && conversationId && failureCode(agent.error) === ERRORS.AGENT_DELETED.code) {
    // Its conversations stay readable.
    const face = (agent.error as ApiError).data as { name?: string; avatar?: string } | undefined;
    return (
      <ChatWithAgent
        agent={deletedAgent(agentKey, face)}
        conversationId={conversationId}
        setConversationId={() => {}}
        variant="closed"
      />
    );
  }
  if (agent.isError) {
    const notice = noticeOf(agent.error);
    return (
      <div className="chat-page-state">
        <Alert type="error" showIcon title={t(notice.key, notice.values)} />
        <Button onClick={() => agent.refetch()}>{t('common.retry')}</Button>
      </div>
    );
  }
  return <ChatFromAddress key={agentKey} agent={agent.data} />;
}

/** The open conversation travels in the address, so a reload or a shared link opens it again. */
function ChatFromAddress({ agent }: { agent: ChatAgent }) {
  const [params, setParams] = useSearchParams();
  const setConversationId = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('conversation_id', id);
      else next.delete('conversation_id');
      return next;
    });
  return (
    <ChatWithAgent
      agent={agent}
      conversationId={params.get('conversation_id')}
      setConversationId={setConversationId}
    />
  );
}

type ChatProps = {
  agent: ChatAgent;
  conversationId: string | null;
  setConversationId(id: string | null): void;
  /**
   * `embed`: a web-public agent's chat in another site's frame, for visitors too: one conversation at a
   * time with a button for a new one, and no team points. `closed`: a conversation with an agent since
   * deleted, to read only.
   */
  variant?: 'page' | 'embed' | 'closed';
};

/** The conversations with an agent and the open one; the embed shows the open one only. */
export function ChatWithAgent({ agent, conversationId, setConversationId, variant = 'page' }: ChatProps) {
  const { t, i18n } = useTranslation();
  const isEmbed = variant === 'embed';
  const isClosed = variant === 'closed';
  const [isSending, setSending] = useState(false);
  const [sendError, setSendError] = useState<{ text: string; code: number | undefined } | null>(null);
  // Who may edit the agent is offered its settings when its model has gone.
  const modelSettingsPath = agent.can_edit && !isEmbed ? editorPathOf(agent.id) : undefined;
  const points = useSessionStore((state) => state.points);
  // Images are uploads, which need an account: a visitor sends text.
  const isSignedIn = useSessionStore((state) => state.token !== null);
  useListOnOpen(agent, variant === 'page' && isSignedIn);
  // The default assistant's model, picked for the conversation it was picked in (or the one it starts).
  const [modelChoice, setModelChoice] = useState<{ conversationId: string | null; modelId: number } | null>(
    null,
  );
  const conversation = useConversation({
    conversationId,
    agentKey: agent.agent_key,
    agentId: agent.id,
    onStarted: (data) => {
      setModelChoice((current) =>
        current?.conversationId === null ? { ...current, conversationId: data.conversation_id } : current,
      );
      setConversationId(data.conversation_id);
    },
  });
  const { messages, isStreaming } = conversation;
  const hasModelPicker = agent.is_default && isSignedIn && !isClosed;
  const latestReplyModel = messages.findLast((message) => message.role === 'assistant')?.model_id ?? null;
  const model = useConversationModel(
    modelChoice?.conversationId === conversationId ? modelChoice.modelId : null,
    latestReplyModel,
  );
  // A conversation deleted meanwhile (or a stale link) leaves for a new one.
  const isGone = failureCode(conversation.query.error) === ERRORS.CONVERSATION_NOT_FOUND.code;
  useEffect(() => {
    if (isGone) setConversationId(null);
  }, [isGone, setConversationId]);
  const pointsPerMessage = hasModelPicker && model ? model.points_per_request : agent.points_per_request;
  const send = async (request: { content?: string; images?: string[]; regenerate?: boolean }) => {
    setSending(true);
    setSendError(null);
    try {
      await conversation.send(hasModelPicker && model ? { ...request, model_id: model.id } : request);
    } catch (error) {
      // A dropped connection: the message stays in the box to send again.
      const notice = isNetworkFailure(error) ? { key: 'error.network_send_failed' } : noticeOf(error);
      setSendError({ text: t(notice.key, notice.values), code: failureCode(error) });
      throw error;
    } finally {
      setSending(false);
    }
  };
  const navigate = useNavigate();
  const side = useChatSide();
  const openAgent = (other: ChatListAgent) => {
    side.close();
    navigate(chatPathOf(other.agent_key));
  };
  const open = (id: string | null) => {
    side.close();
    setSendError(null);
    setConversationId(id);
  };
  // "Save to project": a reply (its id) or the whole conversation (none); signed-in users on the page.
  const [saving, setSaving] = useState<{ messageId?: number } | null>(null);
  const canSave = variant === 'page' && isSignedIn && conversationId !== null;
  // Element chat: the element picked in the web preview goes with the next message; on a phone the
  // preview is a drawer over the conversation, closed by a pick so the composer shows the chip.
  // Both belong to the conversation open when they were set, and go with it.
  const [pickedIn, setPickedIn] = useState<{ conversationId: string; element: PickedElement } | null>(null);
  const picked = pickedIn && pickedIn.conversationId === conversationId ? pickedIn.element : null;
  const setPicked = (element: PickedElement | null) =>
    setPickedIn(element && conversationId ? { conversationId, element } : null);
  const isPhone = useIsPhone();
  const [siteOpenIn, setSiteOpenIn] = useState<string | null>(null);
  const isSiteOpen = siteOpenIn !== null && siteOpenIn === conversationId;
  const setSiteOpen = (isOpen: boolean) => setSiteOpenIn(isOpen ? conversationId : null);
  const lastIndex = messages.length - 1;
  const last = messages.at(-1);
  const suggestions = agent.suggest_questions && last?.role === 'assistant' ? (last.suggestions ?? []) : [];

  return (
    <div className={isEmbed ? 'chat-page is-embed' : 'chat-page'}>
      {variant === 'page' && (
        <ChatSide side={side}>
          <AgentList activeKey={agent.agent_key} onOpen={openAgent} />
          <ConversationList agentId={agent.id} activeId={conversationId} onOpen={open} />
        </ChatSide>
      )}
      <section className="chat-main" aria-label={agent.name}>
        <header className="chat-agent">
          {variant === 'page' && <ChatSideButton side={side} />}
          <Avatar src={agent.avatar || undefined} size={isPhone ? 32 : 40} className="chat-agent-avatar">
            {agent.name.slice(0, 1)}
          </Avatar>
          <div className="chat-agent-text">
            <Typography.Title level={4}>{agent.name}</Typography.Title>
            {pointsPerMessage !== null && (
              <Tag>{t('chat.points_per_message', { count: pointsPerMessage })}</Tag>
            )}
          </div>
          {isClosed && <Tag>{t('chat.agent_deleted_tag')}</Tag>}
          {variant === 'page' && points !== null && (
            <span className="chat-points" title={t('chat.points_left', { points })}>
              {/* On a phone the figure alone shows; the words stay for screen readers. */}
              <span className="chat-points__label">{t('chat.points_left', { points })}</span>
              <span className="chat-points__short" aria-hidden="true">
                <WalletOutlined /> {new Intl.NumberFormat(i18n.language).format(points)}
              </span>
            </span>
          )}
          {variant === 'page' && conversationId && isPhone && (
            <SitePanelButton conversationId={conversationId} onOpen={() => setSiteOpen(true)} />
          )}
          {variant === 'page' && conversationId && (
            <ConversationActions
              conversationId={conversationId}
              onSaveToProject={canSave ? () => setSaving({}) : undefined}
              isCompact={isPhone}
            />
          )}
          {isEmbed && conversationId && (
            <Button icon={<PlusOutlined />} onClick={() => open(null)}>
              {t('chat.new_conversation')}
            </Button>
          )}
        </header>
        <MessageList
          conversationKey={conversationId}
          label={t('chat.messages_label')}
          messages={messages}
          onReachStart={() => {
            if (conversation.hasOlder && !conversation.isLoadingOlder) void conversation.loadOlder();
          }}
          header={
            <>
              {variant === 'page' && <NoModelNotice className="chat-no-model" />}
              {conversation.query.isLoading && <Spin aria-label={t('common.loading')} />}
              {conversation.query.isError && (
                <Alert type="error" showIcon title={t('chat.messages_failed')} />
              )}
              {!conversationId && (
                <div className="chat-welcome">
                  {agent.greeting && (
                    <MessageItem
                      message={greetingOf(agent.greeting)}
                      isMarkdown={agent.markdown}
                      isReadOnly
                    />
                  )}
                  {agent.first_question && (
                    <Button
                      disabled={isSending}
                      onClick={() => void send({ content: agent.first_question }).catch(() => {})}
                    >
                      {agent.first_question}
                    </Button>
                  )}
                  {!agent.greeting && !agent.first_question && (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.start_hint')} />
                  )}
                </div>
              )}
              {conversation.hasOlder && (
                <Button
                  type="link"
                  loading={conversation.isLoadingOlder}
                  onClick={() => void conversation.loadOlder()}
                >
                  {t('chat.load_earlier')}
                </Button>
              )}
            </>
          }
          renderMessage={(message, index) => (
            <MessageItem
              message={message}
              isMarkdown={agent.markdown}
              canRate
              modelSettingsPath={modelSettingsPath}
              onSaveToProject={canSave ? () => setSaving({ messageId: message.id }) : undefined}
              onRegenerate={
                !isClosed && index === lastIndex && message.role === 'assistant' && !isStreaming && !isSending
                  ? () => void send({ regenerate: true }).catch(() => {})
                  : undefined
              }
              onSelectVersion={
                isClosed || isStreaming || isSending
                  ? undefined
                  : (id) => void conversation.selectVersion(id).catch(() => {})
              }
            />
          )}
          footer={
            <>
              {suggestions.length > 0 && !isStreaming && !isSending && (
                <fieldset className="chat-suggestions" aria-label={t('chat.suggestions')}>
                  {suggestions.map((question) => (
                    <Button key={question} onClick={() => void send({ content: question }).catch(() => {})}>
                      {question}
                    </Button>
                  ))}
                </fieldset>
              )}
              {sendError && (
                <Alert
                  type="error"
                  showIcon
                  title={sendError.text}
                  action={
                    modelSettingsPath && sendError.code === ERRORS.MODEL_UNAVAILABLE.code ? (
                      <Link to={modelSettingsPath}>{t('chat.update_model')}</Link>
                    ) : undefined
                  }
                />
              )}
            </>
          }
        />
        {isClosed ? (
          <Alert type="info" showIcon title={t('chat.agent_deleted_readable')} />
        ) : (
          <>
            {hasModelPicker && (
              <div className="chat-model-row">
                <ModelPicker
                  value={model?.id ?? null}
                  disabled={isStreaming || isSending}
                  onChange={(chosen) => setModelChoice({ conversationId, modelId: chosen.id })}
                />
              </div>
            )}
            <Composer
              isStreaming={isStreaming}
              isSending={isSending}
              canAttachImages={agent.supports_images && isSignedIn}
              onSend={async (content, images) => {
                const request = picked ? elementRequestOf(t, content, picked) : content;
                await send({ content: request, ...(images.length > 0 ? { images } : {}) });
                setPicked(null);
              }}
              placeholder={picked ? t('sites.describe_change') : undefined}
              reference={
                picked && {
                  label: t('sites.picked_element', { name: pickedNameOf(picked) }),
                  title: picked.selector,
                  removeLabel: t('sites.remove_picked'),
                  reserved: elementRequestOf(t, '', picked).length,
                  onRemove: () => setPicked(null),
                }
              }
              onStop={() => void conversation.stop()}
              onImageRemoved={() => setSendError((error) => (isImageRefusal(error?.code) ? null : error))}
              focusKey={isEmbed ? undefined : (conversationId ?? `new:${agent.agent_key}`)}
            />
          </>
        )}
      </section>
      {variant === 'page' && conversationId && (
        <SitePanel
          conversationId={conversationId}
          onPickElement={(element) => {
            setPicked(element);
            setSiteOpen(false);
          }}
          phone={isPhone ? { isOpen: isSiteOpen, onClose: () => setSiteOpen(false) } : undefined}
        />
      )}
      {saving && conversationId && (
        <SaveToProjectDialog
          conversationId={conversationId}
          messageId={saving.messageId}
          defaultName=""
          onClose={() => setSaving(null)}
        />
      )}
    </div>
  );
}

/** Refusals of a message's images: taking an image off the message settles them. */
const IMAGE_REFUSALS: ReadonlySet<number | undefined> = new Set(
  [
    ERRORS.IMAGES_NOT_SUPPORTED,
    ERRORS.ATTACHMENT_NOT_FOUND,
    ERRORS.IMAGE_TYPE_ERROR,
    ERRORS.IMAGE_SIZE_EXCEEDED,
  ].map((error) => error.code),
);
const isImageRefusal = (code: number | undefined) => IMAGE_REFUSALS.has(code);

const greetingOf = (greeting: string) => ({
  id: 0,
  conversation_id: '',
  role: 'assistant' as const,
  content: greeting,
  reasoning: '',
  status: 'done' as const,
  error_code: null,
  finish_reason: null,
  model_id: null,
  points: 0,
  created_at: '',
  feedback: null,
});

/** What the chat shows of a deleted agent: its name and avatar, kept when it was deleted. */
const deletedAgent = (agentKey: string, face: { name?: string; avatar?: string } | undefined): ChatAgent => ({
  id: 0,
  agent_key: agentKey,
  name: face?.name ?? '',
  avatar: face?.avatar ?? '',
  description: '',
  greeting: '',
  first_question: '',
  markdown: true,
  suggest_questions: false,
  points_per_request: null,
  supports_images: false,
  can_edit: false,
  is_default: false,
});
