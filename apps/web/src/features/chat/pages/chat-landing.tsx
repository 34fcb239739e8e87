import type { Page } from '@tandem/contract/envelope';
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  type UseQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { Button, Empty, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NoModelNotice } from '../../../shared/models/no-model-notice.tsx';
import { chatPathOf, HUB_PATH } from '../../../shared/routing/agent-paths.ts';
import { AgentAvatar } from '../../../shared/ui/agent-avatar/agent-avatar.tsx';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import { type ChatListAgent, chatAgentsQuery, defaultAssistantQuery } from '../api/chat-agents.ts';
import { type RecentConversation, recentConversationsQuery } from '../api/recent-conversations.ts';
import { AgentList } from '../components/agent-list.tsx';
import { ChatSide, ChatSideButton, useChatSide } from '../components/chat-side.tsx';
import './chat-landing.css';

/**
 * `/chat` with no agent: where the user left off (their latest conversations with every agent, one
 * click to open), then their agents to start a new one (spec: quick start). A new user is shown the
 * way to the Agents Hub.
 */
export function ChatLanding() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const side = useChatSide();
  const recent = useInfiniteQuery(recentConversationsQuery());
  const list = useQuery(chatAgentsQuery());
  const open = (agent: ChatListAgent) => {
    side.close();
    navigate(chatPathOf(agent.agent_key));
  };
  const usable = (list.data ?? []).filter((agent) => agent.status === 'published');
  const isNewcomer = recent.data?.pages[0]?.total === 0 && list.isSuccess && usable.length === 0;
  return (
    <div className="chat-page">
      <ChatSide side={side}>
        <AgentList onOpen={open} />
      </ChatSide>
      <section className="chat-main chat-landing" aria-label={t('chat.landing_label')}>
        <div className="chat-landing-head">
          <ChatSideButton side={side} />
          <NoModelNotice className="chat-no-model" />
        </div>
        {isNewcomer ? (
          <Welcome />
        ) : (
          <>
            <RecentConversations recent={recent} />
            <QuickStart list={list} usable={usable} onOpen={open} />
          </>
        )}
      </section>
    </div>
  );
}

/**
 * A new user's first screen: their team's default assistant, to chat with at once, and the way to
 * the Agents Hub for the rest.
 */
function Welcome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const assistant = useQuery(defaultAssistantQuery());
  const agent = assistant.data;
  return (
    <Empty
      className="chat-landing-welcome"
      image={agent ? <AgentAvatar name={agent.name} avatar={agent.avatar} size={64} /> : undefined}
      description={agent ? t('chat.landing_assistant', { name: agent.name }) : t('chat.landing_new')}
    >
      {agent && (
        <Button
          type="primary"
          className="chat-landing-start"
          onClick={() => navigate(chatPathOf(agent.agent_key))}
        >
          {t('chat.start_with_assistant', { name: agent.name })}
        </Button>
      )}
      <Link to={HUB_PATH} className="chat-landing-cta">
        {t('chat.browse_hub')}
      </Link>
    </Empty>
  );
}

const conversationPathOf = (conversation: RecentConversation) =>
  `${chatPathOf(conversation.agent.agent_key)}&conversation_id=${encodeURIComponent(conversation.conversation_id)}`;

function RecentConversations({
  recent,
}: {
  recent: UseInfiniteQueryResult<InfiniteData<Page<RecentConversation>>>;
}) {
  const { t } = useTranslation();
  const conversations = recent.data?.pages.flatMap((page) => page.data) ?? [];
  const statusOf = (agent: RecentConversation['agent']) =>
    agent.status === 'deleted' ? t('chat.agent_deleted_tag') : t('agents.status.off_shelf');
  return (
    <section className="chat-landing-section" aria-labelledby="chat-recent">
      <Typography.Title level={3} id="chat-recent">
        {t('chat.recent_title')}
      </Typography.Title>
      {recent.isPending && <Spin aria-label={t('common.loading')} />}
      {recent.isError && (
        <Typography.Text type="danger">
          {t('chat.recent_failed')}{' '}
          <Button type="link" size="small" onClick={() => void recent.refetch()}>
            {t('common.retry')}
          </Button>
        </Typography.Text>
      )}
      {recent.isSuccess && conversations.length === 0 && (
        <Typography.Paragraph type="secondary">{t('chat.recent_empty')}</Typography.Paragraph>
      )}
      <ul className="chat-recent-list">
        {conversations.map((conversation) => (
          <li key={conversation.conversation_id}>
            <Link className="chat-recent-item" to={conversationPathOf(conversation)}>
              <AgentAvatar name={conversation.agent.name} avatar={conversation.agent.avatar} size={36} />
              <span className="chat-recent-text">
                <span className="chat-recent-title">{conversation.title}</span>
                <span className="chat-recent-meta">
                  <span className="chat-recent-agent">{conversation.agent.name}</span>
                  {conversation.agent.status !== 'published' && <Tag>{statusOf(conversation.agent)}</Tag>}
                  <span aria-hidden="true">·</span>
                  <RelativeTime value={conversation.updated_at} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {recent.hasNextPage && (
        <Button type="link" loading={recent.isFetchingNextPage} onClick={() => void recent.fetchNextPage()}>
          {t('chat.load_more')}
        </Button>
      )}
    </section>
  );
}

/** The user's agents to start a conversation with at once; with none usable, the way to the Agents Hub. */
function QuickStart({
  list,
  usable,
  onOpen,
}: {
  list: UseQueryResult<ChatListAgent[]>;
  usable: ChatListAgent[];
  onOpen(agent: ChatListAgent): void;
}) {
  const { t } = useTranslation();
  return (
    <section className="chat-landing-section" aria-labelledby="chat-quick-start">
      <Typography.Title level={3} id="chat-quick-start">
        {t('chat.quick_start')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('chat.quick_start_hint')}</Typography.Paragraph>
      {list.isPending && <Spin aria-label={t('common.loading')} />}
      {list.isSuccess && usable.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.agents_empty')}>
          <Link to={HUB_PATH}>{t('chat.browse_hub')}</Link>
        </Empty>
      )}
      <ul className="chat-quick-start-list">
        {usable.map((agent) => (
          <li key={agent.id}>
            <button type="button" className="chat-quick-start-card" onClick={() => onOpen(agent)}>
              <AgentAvatar name={agent.name} avatar={agent.avatar} size={40} />
              <span className="chat-quick-start-text">
                <Typography.Text strong>{t('chat.start_chat_named', { name: agent.name })}</Typography.Text>
                <Typography.Text type="secondary" ellipsis>
                  {agent.description}
                </Typography.Text>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
