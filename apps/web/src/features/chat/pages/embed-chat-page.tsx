import { ERRORS } from '@tandem/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { failureCode, noticeOf } from '../../../shared/api/failure.ts';
import { startVisiting, stopVisiting } from '../../../shared/api/visitor-token.ts';
import {
  connectRealtime,
  disconnectRealtime,
  realtimeSocketUrl,
} from '../../../shared/realtime/realtime-client.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { clientConfigQuery, FALLBACK_CLIENT_CONFIG } from '../../../shared/system/client-config.ts';
import { chatAgentQuery } from '../api/chat.ts';
import { ChatWithAgent } from './chat-page.tsx';
import './chat-page.css';

const openConversationKey = (agentKey: string) => `embed_conversation:${agentKey}`;

function readOpenConversation(agentKey: string): string | null {
  try {
    return localStorage.getItem(openConversationKey(agentKey));
  } catch {
    return null;
  }
}

function saveOpenConversation(agentKey: string, id: string | null) {
  try {
    if (id) localStorage.setItem(openConversationKey(agentKey), id);
    else localStorage.removeItem(openConversationKey(agentKey));
  } catch {
    // Storage refused: the conversation stays open for as long as the page.
  }
}

/**
 * `/embed/agent/<agent_key>`: a web-public agent's chat as another site frames it (the embed code), or
 * as its page link opens it, for visitors without an account too. A visitor is known by a token this
 * browser keeps; the conversation last open comes back when the frame is opened again.
 */
export function EmbedChatPage() {
  const { t } = useTranslation();
  const agentKey = useParams().agent_key ?? '';
  const isSignedIn = useSessionStore((state) => state.token !== null);
  const [isReady, setReady] = useState(false);

  // Calls carry the visitor token from here on, while nobody is signed in.
  useEffect(() => {
    if (!isSignedIn) startVisiting();
    setReady(true);
    return () => {
      if (!isSignedIn) stopVisiting();
    };
  }, [isSignedIn]);

  const config = useQuery(clientConfigQuery);
  const realtimeUrl = config.isPending ? null : (config.data ?? FALLBACK_CLIENT_CONFIG).realtime_url;
  useEffect(() => {
    if (!isReady || realtimeUrl === null) return;
    // No notification channel here: a visitor has no account, and a member's arrive in the app.
    connectRealtime({ userId: 'embed', url: realtimeSocketUrl(realtimeUrl, location), isVisitor: true });
    return disconnectRealtime;
  }, [isReady, realtimeUrl]);

  const agent = useQuery({ ...chatAgentQuery(agentKey), enabled: isReady && agentKey !== '' });
  const [conversationId, setConversationId] = useState(() => readOpenConversation(agentKey));
  const open = (id: string | null) => {
    saveOpenConversation(agentKey, id);
    setConversationId(id);
  };

  if (!isReady || agent.isPending) {
    return <Spin className="chat-page-state" aria-label={t('common.loading')} />;
  }
  if (agent.isError) {
    const isForMembers = failureCode(agent.error) === ERRORS.LOGIN_INVALID.code;
    const notice = noticeOf(agent.error);
    return (
      <div className="chat-page-state">
        <Alert
          type={isForMembers ? 'info' : 'error'}
          showIcon
          title={isForMembers ? t('chat.embed_members_only') : t(notice.key, notice.values)}
        />
        {isForMembers ? (
          <Button type="primary" href={`/chat?agent_key=${encodeURIComponent(agentKey)}`} target="_blank">
            {t('chat.embed_sign_in')}
          </Button>
        ) : (
          <Button onClick={() => agent.refetch()}>{t('common.retry')}</Button>
        )}
      </div>
    );
  }
  return (
    <ChatWithAgent
      agent={agent.data}
      conversationId={conversationId}
      setConversationId={open}
      variant="embed"
    />
  );
}
