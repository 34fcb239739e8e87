import { BugOutlined, ClearOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import type { Citation } from '@tandem/contract/citation';
import { AGENT_DEBUG_MESSAGE_MAX, AGENT_DEBUG_MESSAGES_MAX } from '@tandem/contract/limits';
import { Button, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withCitationLinks } from '../../../../shared/markdown/citation-links.ts';
import { Citations } from '../../../../shared/markdown/citations.tsx';
import { MarkdownReply } from '../../../../shared/markdown/markdown-reply.tsx';
import { AgentAvatar } from '../../../../shared/ui/agent-avatar/agent-avatar.tsx';
import type { AgentConfig } from '../../api/agents.ts';
import { type ChatTurn, debugChat } from '../../api/debug-chat.ts';

type Turn = ChatTurn & { isError?: boolean; citations?: Citation[] };

export const DEBUG_PANEL_ID = 'agent-debug-panel';

/**
 * Preview and debug: chats with the configuration as it is in the form, saved or not. Nothing here is
 * kept or shared; the conversation starts again on "clear".
 */
export function DebugPanel({ agentId, config }: { agentId: number | null; config: AgentConfig }) {
  const { t } = useTranslation();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const [isStreaming, setIsStreaming] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const log = useRef<HTMLDivElement>(null);
  const hasModel = config.model_id !== null;

  useEffect(() => () => controller.current?.abort(), []);
  // Follow the reply as it grows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each change of the conversation
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [turns]);

  async function send(text: string) {
    const content = text.trim();
    if (!content || isStreaming || !hasModel) return;
    const history = [...turns.filter((turn) => !turn.isError), { role: 'user' as const, content }];
    setTurns([...history, { role: 'assistant', content: '' }]);
    setDraft('');
    setIsStreaming(true);
    const abort = new AbortController();
    controller.current = abort;
    const write = (update: (last: Turn) => Turn) =>
      setTurns((current) => [
        ...current.slice(0, -1),
        update(current.at(-1) ?? { role: 'assistant', content: '' }),
      ]);
    try {
      const messages = history
        .slice(-AGENT_DEBUG_MESSAGES_MAX)
        .map(({ role, content: each }) => ({ role, content: each.slice(0, AGENT_DEBUG_MESSAGE_MAX) }));
      for await (const event of debugChat({ id: agentId ?? undefined, config, messages }, abort.signal)) {
        if (event.type === 'delta') write((last) => ({ ...last, content: last.content + event.content }));
        else if (event.type === 'done')
          write((last) => ({ ...last, content: event.content || last.content, citations: event.citations }));
        else if (event.type === 'error')
          write(() => ({ role: 'assistant', content: event.msg, isError: true }));
      }
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t('agents.debug.failed');
      write(() => ({ role: 'assistant', content: message, isError: true }));
    } finally {
      controller.current = null;
      setIsStreaming(false);
      // A reply stopped before its first word leaves nothing to show.
      setTurns((current) => (current.at(-1)?.content === '' ? current.slice(0, -1) : current));
    }
  }

  const stop = () => controller.current?.abort();
  const name = config.name || t('agents.untitled');

  return (
    <aside id={DEBUG_PANEL_ID} className="debug-panel" aria-label={t('agents.debug.title')}>
      <header className="debug-panel__head">
        <h2 className="debug-panel__title">
          <BugOutlined aria-hidden="true" /> {t('agents.debug.title')}
        </h2>
        <Button
          type="text"
          size="small"
          icon={<ClearOutlined />}
          disabled={turns.length === 0 || isStreaming}
          onClick={() => setTurns([])}
        >
          {t('agents.debug.clear')}
        </Button>
      </header>
      <div className="debug-panel__log" ref={log} aria-live="polite">
        <div className="debug-panel__intro">
          <AgentAvatar name={config.name} avatar={config.avatar} size={56} />
          <strong>{name}</strong>
          <p>{config.greeting || config.description || t('agents.debug.no_greeting')}</p>
          {config.first_question && turns.length === 0 && (
            <Button size="small" disabled={!hasModel} onClick={() => void send(config.first_question)}>
              {config.first_question}
            </Button>
          )}
        </div>
        {turns.map((turn, index) => {
          // Replies render as they will in chat, with the same renderer, when the Markdown option is on.
          const isMarkdown = config.markdown && turn.role === 'assistant' && !turn.isError && turn.content;
          return (
            <div
              // Turns are only ever appended or cleared together.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              className={`debug-turn debug-turn--${turn.role}${turn.isError ? ' debug-turn--error' : ''}${isMarkdown ? ' debug-turn--markdown' : ''}`}
            >
              <span className="visually-hidden">
                {turn.role === 'user' ? t('agents.debug.you') : name}
                {': '}
              </span>
              {isMarkdown ? (
                <MarkdownReply text={withCitationLinks(turn.content, turn.citations)} />
              ) : (
                turn.content || <span className="debug-turn__typing">{t('agents.debug.thinking')}</span>
              )}
              {turn.citations && <Citations citations={turn.citations} />}
            </div>
          );
        })}
      </div>
      <footer className="debug-panel__composer">
        {!hasModel && <p className="debug-panel__note">{t('agents.debug.needs_model')}</p>}
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={(event) => {
            if (event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            void send(draft);
          }}
          autoSize={{ minRows: 1, maxRows: 5 }}
          maxLength={AGENT_DEBUG_MESSAGE_MAX}
          placeholder={t('agents.debug.placeholder')}
          aria-label={t('agents.debug.message')}
          disabled={!hasModel}
        />
        {isStreaming ? (
          <Button danger icon={<StopOutlined />} onClick={stop}>
            {t('agents.debug.stop')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!draft.trim() || !hasModel}
            onClick={() => void send(draft)}
          >
            {t('agents.debug.send')}
          </Button>
        )}
        <p className="debug-panel__note">{t('agents.debug.not_shared')}</p>
      </footer>
    </aside>
  );
}
