import { BulbOutlined, CheckOutlined, CloseOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../../shared/ui/notices.ts';
import { optimizePrompt, type PromptOptimizeRequest } from '../../api/prompt-optimize.ts';

type Suggestion = { text: string; isStreaming: boolean };

/**
 * "Optimize": the model rewrites the prompt and the suggestion streams in beside it; the user takes it
 * (it replaces the prompt) or leaves it.
 */
export function PromptOptimizer({
  request,
  onAccept,
}: {
  /** Read when the button is pressed: the prompt as it is now, with the agent's name and model. */
  request: () => PromptOptimizeRequest;
  onAccept: (prompt: string) => void;
}) {
  const { t } = useTranslation();
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const stopListening = useRef<(() => void) | null>(null);

  const stop = () => {
    stopListening.current?.();
    stopListening.current = null;
  };
  useEffect(() => () => stopListening.current?.(), []);

  async function start() {
    const asked = request();
    if (!asked.prompt.trim()) {
      showNotice({ key: 'agents.prompt.optimize_empty' }, 'warning');
      return;
    }
    stop();
    setIsStarting(true);
    setSuggestion({ text: '', isStreaming: true });
    try {
      stopListening.current = await optimizePrompt(asked, (event) => {
        if (event.type === 'delta') {
          setSuggestion((current) => ({ text: (current?.text ?? '') + event.content, isStreaming: true }));
        } else if (event.type === 'done') {
          setSuggestion({ text: event.content, isStreaming: false });
          stop();
        } else if (event.type === 'error') {
          showNotice({ text: event.msg });
          setSuggestion(null);
          stop();
        }
      });
    } catch {
      setSuggestion(null);
      showNotice({ key: 'agents.prompt.optimize_failed' });
    } finally {
      setIsStarting(false);
    }
  }

  return (
    <div className="prompt-optimizer">
      <Button
        icon={isStarting ? <LoadingOutlined /> : <BulbOutlined />}
        disabled={isStarting || !!suggestion?.isStreaming}
        onClick={() => void start()}
      >
        {t('agents.prompt.optimize')}
      </Button>
      {suggestion && (
        <section
          className="prompt-optimizer__suggestion"
          aria-live="polite"
          aria-label={t('agents.prompt.suggestion')}
        >
          <header className="prompt-optimizer__head">
            <strong>{t('agents.prompt.suggestion')}</strong>
            {suggestion.isStreaming && <LoadingOutlined aria-label={t('agents.prompt.optimizing')} />}
          </header>
          <pre className="prompt-optimizer__text">{suggestion.text || t('agents.prompt.optimizing')}</pre>
          <footer className="prompt-optimizer__actions">
            <Button
              type="primary"
              size="small"
              icon={<CheckOutlined />}
              disabled={suggestion.isStreaming || !suggestion.text}
              onClick={() => {
                onAccept(suggestion.text);
                setSuggestion(null);
              }}
            >
              {t('agents.prompt.use_suggestion')}
            </Button>
            <Button
              size="small"
              icon={<CloseOutlined />}
              onClick={() => {
                stop();
                setSuggestion(null);
              }}
            >
              {t('agents.prompt.discard')}
            </Button>
          </footer>
        </section>
      )}
    </div>
  );
}
