import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import type { AgentCard } from '@tandem/contract/agent';
import { AGENT_API } from '@tandem/contract/api';
import type { Page } from '@tandem/contract/envelope';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, List, Modal, Spin, Tag, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeOf } from '../../../shared/api/failure.ts';
import { http } from '../../../shared/api/http.ts';
import { AgentAvatar } from '../../../shared/ui/agent-avatar/agent-avatar.tsx';
import { showNotice } from '../../../shared/ui/notices.ts';
import {
  addChatAgent,
  type ChatListAgent,
  chatAgentsKey,
  chatAgentsQuery,
  removeChatAgent,
} from '../api/chat-agents.ts';
import './agent-list.css';

type Props = {
  /** The agent open in the chat, marked in the list. */
  activeKey?: string;
  onOpen(agent: ChatListAgent): void;
};

/**
 * The agents the user keeps at hand (spec: the chat's agents list): open one, remove it (its
 * conversations stay), or add more from those they may use.
 */
export function AgentList({ activeKey, onOpen }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery(chatAgentsQuery());
  const [isAdding, setAdding] = useState(false);
  const agents = list.data ?? [];
  const statusOf = (agent: ChatListAgent) =>
    agent.status === 'deleted' ? t('chat.agent_deleted_tag') : t('agents.status.off_shelf');

  const [removing, setRemoving] = useState<ChatListAgent | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const remove = async (agent: ChatListAgent) => {
    setIsRemoving(true);
    try {
      await removeChatAgent(agent.id);
      setRemoving(null);
    } catch (error) {
      showNotice(noticeOf(error));
    } finally {
      setIsRemoving(false);
      await queryClient.invalidateQueries({ queryKey: chatAgentsKey });
    }
  };

  return (
    <nav className="chat-agents" aria-label={t('chat.agents')}>
      <div className="chat-agents-head">
        <Typography.Text strong>{t('chat.agents')}</Typography.Text>
        <Button
          type="text"
          size="small"
          icon={<PlusOutlined />}
          aria-label={t('chat.add_agent')}
          title={t('chat.add_agent')}
          onClick={() => setAdding(true)}
        />
      </div>
      {list.isPending && <Spin size="small" className="chat-agents-loading" />}
      {list.isError && <Typography.Text type="danger">{t('chat.agents_failed')}</Typography.Text>}
      {list.isSuccess && agents.length === 0 && (
        <Typography.Text type="secondary" className="chat-agents-empty">
          {t('chat.agents_empty')}
        </Typography.Text>
      )}
      <ul className="chat-side-list chat-agents-list">
        {agents.map((agent) => (
          <li key={agent.id} className={agent.agent_key === activeKey ? 'is-active' : undefined}>
            <button
              type="button"
              className="chat-agents-open"
              aria-label={agent.status === 'published' ? agent.name : `${agent.name} (${statusOf(agent)})`}
              aria-current={agent.agent_key === activeKey ? 'page' : undefined}
              onClick={() => onOpen(agent)}
            >
              <AgentAvatar name={agent.name} avatar={agent.avatar} size={24} />
              <span className="chat-agents-name">{agent.name}</span>
              {agent.status !== 'published' && <Tag className="chat-agents-status">{statusOf(agent)}</Tag>}
            </button>
            <Button
              type="text"
              size="small"
              className="chat-agents-remove"
              icon={<CloseOutlined />}
              aria-label={t('chat.remove_agent_named', { name: agent.name })}
              title={t('chat.remove_agent_named', { name: agent.name })}
              onClick={() => setRemoving(agent)}
            />
          </li>
        ))}
      </ul>
      {removing && (
        <Modal
          open
          title={t('chat.remove_agent_title', { name: removing.name })}
          okText={t('chat.remove')}
          okButtonProps={{ danger: true, loading: isRemoving }}
          cancelText={t('common.cancel')}
          onOk={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          {t('chat.remove_agent_body')}
        </Modal>
      )}
      {isAdding && (
        <AddAgentDialog
          listed={new Set(agents.map((agent) => agent.id))}
          onClose={() => setAdding(false)}
          onAdded={() => queryClient.invalidateQueries({ queryKey: chatAgentsKey })}
        />
      )}
    </nav>
  );
}

const HUB_PAGE_SIZE = 20;

/** The agents of the Agents Hub the user may chat with, searchable, each added with one press. */
function AddAgentDialog({
  listed,
  onClose,
  onAdded,
}: {
  listed: ReadonlySet<number>;
  onClose(): void;
  onAdded(): Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useDeferredValue(keyword.trim());
  const [adding, setAdding] = useState<number | null>(null);
  const hub = useInfiniteQuery({
    queryKey: ['chat', 'add-agent', search],
    queryFn: ({ pageParam }) =>
      http.get<Page<AgentCard>>(AGENT_API.hubList, {
        params: { page: pageParam, page_size: HUB_PAGE_SIZE, keyword: search || undefined },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * HUB_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
  });
  const agents = hub.data?.pages.flatMap((page) => page.data) ?? [];

  const add = async (agent: AgentCard) => {
    setAdding(agent.id);
    try {
      await addChatAgent(agent.id);
      await onAdded();
      showNotice({ key: 'chat.added_named', values: { name: agent.name } }, 'success');
    } catch (error) {
      showNotice(noticeOf(error));
    } finally {
      setAdding(null);
    }
  };

  return (
    <Modal open title={t('chat.add_agent_title')} footer={null} onCancel={onClose} destroyOnHidden>
      <Input.Search
        allowClear
        autoFocus
        aria-label={t('chat.search_agents')}
        placeholder={t('chat.search_agents')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <List
        className="chat-add-agents"
        loading={hub.isPending}
        dataSource={agents}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.no_agents_found')} />,
        }}
        renderItem={(agent) => {
          const isListed = listed.has(agent.id);
          return (
            <List.Item
              actions={[
                <Button
                  key="add"
                  size="small"
                  type={isListed ? 'default' : 'primary'}
                  disabled={isListed}
                  loading={adding === agent.id}
                  aria-label={
                    isListed ? `${t('chat.added')}: ${agent.name}` : `${t('chat.add')}: ${agent.name}`
                  }
                  onClick={() => void add(agent)}
                >
                  {isListed ? t('chat.added') : t('chat.add')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<AgentAvatar name={agent.name} avatar={agent.avatar} size={36} />}
                title={agent.name}
                description={
                  <Typography.Text type="secondary" ellipsis>
                    {agent.description}
                  </Typography.Text>
                }
              />
            </List.Item>
          );
        }}
      />
      {hub.hasNextPage && (
        <Button type="link" loading={hub.isFetchingNextPage} onClick={() => hub.fetchNextPage()}>
          {t('chat.load_more')}
        </Button>
      )}
    </Modal>
  );
}
