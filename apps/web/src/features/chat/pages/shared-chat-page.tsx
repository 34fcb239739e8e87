import { EyeOutlined, MessageOutlined } from '@ant-design/icons';
import { sharePagePath } from '@tandem/contract/chat-share';
import { ERRORS } from '@tandem/contract/errors';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Skeleton, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { failureCode, noticeOf } from '../../../shared/api/failure.ts';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { loginPathFor } from '../../../shared/routing/paths.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { LinkProblem } from '../../../shared/ui/link-problem.tsx';
import { StandaloneFrame } from '../../../shared/ui/standalone-frame.tsx';
import { continueShared, type SharedConversation, sharedConversationQuery } from '../api/chat-share.ts';
import { MessageItem } from '../components/message-item.tsx';
import type { ShownMessage } from '../model/apply-publication.ts';
import './chat-page.css';
import './shared-chat-page.css';
import { formatDateTime } from '@tandem/contract/date-format';

/** Set on the way back from signing in, so the conversation is continued without a second click. */
const CONTINUE_PARAM = 'continue';

/**
 * `/chat-share/:share_code`: a shared conversation for anyone with the link, read-only, and a button
 * that continues it as the reader's own conversation (after signing in, for a visitor).
 */
export function SharedChatPage() {
  const { share_code: shareCode = '' } = useParams();
  const shared = useQuery(sharedConversationQuery(shareCode));

  return (
    <StandaloneFrame>
      <article className="shared-chat" aria-labelledby="shared-chat-title">
        {shared.isPending ? (
          <Skeleton avatar active paragraph={{ rows: 6 }} />
        ) : shared.isError ? (
          <SharedProblem error={shared.error} onRetry={() => void shared.refetch()} />
        ) : (
          <SharedConversationView shareCode={shareCode} shared={shared.data} />
        )}
      </article>
    </StandaloneFrame>
  );
}

/** `/chat/:share_code` (signed in): the same shared conversation, at its own address. */
export function SharedChatRedirect() {
  const { share_code: shareCode = '' } = useParams();
  return <Navigate to={sharePagePath(shareCode)} replace />;
}

function SharedProblem({ error, onRetry }: { error: Error; onRetry(): void }) {
  const { t } = useTranslation();
  const code = failureCode(error);
  const isDead = code === ERRORS.SHARE_NOT_FOUND.code || code === ERRORS.BAD_REQUEST.code;
  const notice = noticeOf(error);
  return (
    <LinkProblem
      isDead={isDead}
      title={
        <span id="shared-chat-title">
          {isDead ? t('chat_share.not_found_title') : t('chat_share.load_failed')}
        </span>
      }
      subTitle={isDead ? t('error.share_not_found') : t(notice.key, notice.values)}
      onRetry={onRetry}
    />
  );
}

function SharedConversationView({ shareCode, shared }: { shareCode: string; shared: SharedConversation }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const sharedAt = formatDateTime(shared.shared_at, locale);
  const omitted = shared.total - shared.messages.length;
  return (
    <>
      <header className="shared-chat-header">
        <Avatar src={shared.agent.avatar || undefined} size={48}>
          {shared.agent.name.slice(0, 1)}
        </Avatar>
        <div className="shared-chat-identity">
          <span className="shared-chat-agent">{shared.agent.name}</span>
          <h1 id="shared-chat-title" className="shared-chat-title">
            {shared.title}
          </h1>
          <div className="shared-chat-meta">
            <Tag icon={<EyeOutlined />}>{t('chat_share.read_only')}</Tag>
            <span>{t('chat_share.shared_at', { time: sharedAt })}</span>
          </div>
        </div>
      </header>
      {omitted > 0 && (
        <Alert type="info" showIcon title={t('chat_share.earlier_omitted', { count: omitted })} />
      )}
      <div className="shared-chat-messages">
        {shared.messages.map(shownMessage).map((message) => (
          <MessageItem key={message.id} message={message} isMarkdown={shared.markdown} isReadOnly />
        ))}
      </div>
      <ContinueAction shareCode={shareCode} agentName={shared.agent.name} />
    </>
  );
}

function ContinueAction({ shareCode, agentName }: { shareCode: string; agentName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const isSignedIn = useSessionStore((state) => !!state.token);
  const proceed = useMutation({
    mutationFn: () => continueShared(shareCode),
    onSuccess: (copy) => {
      const query = new URLSearchParams({ agent_key: copy.agent_key, conversation_id: copy.conversation_id });
      void navigate(`/chat?${query}`);
    },
  });
  // Back from signing in with the intent in the address: continue once, and forget the intent.
  const isResumed = useRef(false);
  const wantsToContinue = params.get(CONTINUE_PARAM) === '1';
  useEffect(() => {
    if (!isSignedIn || !wantsToContinue || isResumed.current) return;
    isResumed.current = true;
    setParams({}, { replace: true });
    proceed.mutate();
  }, [isSignedIn, wantsToContinue, setParams, proceed]);

  const failure = proceed.isError ? noticeOf(proceed.error) : null;
  return (
    <footer className="shared-chat-continue">
      <p>
        {isSignedIn
          ? t('chat_share.continue_hint', { name: agentName })
          : t('chat_share.sign_in_hint', { name: agentName })}
      </p>
      {failure && <Alert type="error" showIcon title={t(failure.key, failure.values)} />}
      {isSignedIn ? (
        <Button
          type="primary"
          size="large"
          icon={<MessageOutlined />}
          loading={proceed.isPending}
          onClick={() => proceed.mutate()}
        >
          {t('chat_share.continue')}
        </Button>
      ) : (
        <Button
          type="primary"
          size="large"
          icon={<MessageOutlined />}
          onClick={() => void navigate(loginPathFor(`${pathname}?${CONTINUE_PARAM}=1`))}
        >
          {t('chat_share.sign_in_to_continue')}
        </Button>
      )}
    </footer>
  );
}

/** A shared message in the shape the chat's message item draws; the list never changes, so its place is its id. */
const shownMessage = (message: SharedConversation['messages'][number], index: number): ShownMessage => ({
  id: index + 1,
  conversation_id: '',
  role: message.role,
  content: message.content,
  reasoning: message.reasoning,
  status: 'done',
  error_code: null,
  finish_reason: null,
  model_id: null,
  points: 0,
  created_at: message.created_at,
  feedback: null,
  attachments: message.attachments,
  citations: message.citations,
});
