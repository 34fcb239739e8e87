import {
  DeleteOutlined,
  EditOutlined,
  EllipsisOutlined,
  MessageOutlined,
  StopOutlined,
  UndoOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { chatPathOf, editorPathOf } from '../../../shared/routing/agent-paths.ts';
import { AgentAvatar } from '../../../shared/ui/agent-avatar/agent-avatar.tsx';
import '../../../shared/ui/card-link.css';
import type { AgentCard as AgentCardData } from '../api/agents.ts';
import { AgentStatusTag } from './agent-status-tag.tsx';

export type CardAction = 'off_shelf' | 'on_shelf' | 'delete';

/**
 * One agent in the hub: who made it, on which model, and the actions the caller's abilities allow. The
 * card itself opens the chat (a draft the caller may edit: the editor) through the link on its name,
 * stretched over the card, so a click anywhere but the buttons, or Enter on the card, opens it.
 */
export function AgentCard({
  agent,
  onAction,
}: {
  agent: AgentCardData;
  onAction: (action: CardAction, agent: AgentCardData) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { abilities, status } = agent;
  const menu: NonNullable<MenuProps['items']> = [];
  if (abilities.publish && status === 'published') {
    menu.push({ key: 'off_shelf', icon: <StopOutlined />, label: t('agents.actions.off_shelf') });
  }
  if (abilities.publish && status === 'off_shelf') {
    menu.push({ key: 'on_shelf', icon: <UndoOutlined />, label: t('agents.actions.on_shelf') });
  }
  if (abilities.delete) {
    menu.push({ key: 'delete', icon: <DeleteOutlined />, label: t('agents.actions.delete'), danger: true });
  }
  const canChat = abilities.use && status === 'published';
  const name = agent.name || t('agents.untitled');
  const openPath = canChat ? chatPathOf(agent.agent_key) : abilities.edit ? editorPathOf(agent.id) : null;

  return (
    <article
      className={`agent-card card-link-host${openPath ? ' agent-card--opens' : ''}`}
      aria-labelledby={`agent-card-${agent.id}`}
    >
      <header className="agent-card__head">
        <AgentAvatar name={agent.name} avatar={agent.avatar} size={52} />
        <div className="agent-card__title">
          <h3 id={`agent-card-${agent.id}`} className="agent-card__name" title={name}>
            {openPath ? (
              <Link to={openPath} className="card-link">
                {name}
              </Link>
            ) : (
              name
            )}
          </h3>
          <span className="agent-card__owner">
            <UserOutlined aria-hidden="true" /> {agent.owner_name}
          </span>
        </div>
        {status !== 'published' && <AgentStatusTag status={status} />}
      </header>
      <p className="agent-card__description">{agent.description || t('agents.hub.no_description')}</p>
      <dl className="agent-card__facts">
        <div>
          <dt>{t('agents.hub.model')}</dt>
          <dd>{agent.model_name ?? t('agents.hub.no_model')}</dd>
        </div>
        <div>
          <dt>{t('agents.hub.conversations')}</dt>
          <dd>{agent.conversation_count.toLocaleString()}</dd>
        </div>
      </dl>
      <footer className="agent-card__actions">
        {canChat && (
          <Button
            type="primary"
            size="small"
            icon={<MessageOutlined />}
            onClick={() => navigate(chatPathOf(agent.agent_key))}
            aria-label={t('agents.actions.chat_with', { name })}
          >
            {t('agents.actions.chat')}
          </Button>
        )}
        {abilities.edit && (
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => navigate(editorPathOf(agent.id))}
            aria-label={t('agents.actions.edit_named', { name })}
          >
            {t('agents.actions.edit')}
          </Button>
        )}
        {menu.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{ items: menu, onClick: ({ key }) => onAction(key as CardAction, agent) }}
          >
            <Button
              type="text"
              size="small"
              className="agent-card__more"
              icon={<EllipsisOutlined />}
              aria-label={t('agents.actions.more', { name })}
            />
          </Dropdown>
        )}
      </footer>
    </article>
  );
}
