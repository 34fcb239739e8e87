import {
  CheckOutlined,
  CopyOutlined,
  LoadingOutlined,
  PauseCircleOutlined,
  RedoOutlined,
  StopOutlined,
  SwapOutlined,
  VerticalAlignBottomOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownReply } from '../../../../shared/markdown/markdown-reply.tsx';
import { copyText } from '../../../../shared/ui/copy-text.ts';
import { showNotice } from '../../../../shared/ui/notices.ts';
import { writingModelQuery } from './ai-writing-api.ts';
import type { ApplyHow } from './apply-result.ts';
import { hasResult, type PreviewState, type WritingTask } from './preview-machine.ts';
import type { AiWriting } from './use-ai-writing.ts';

/** Where the result goes: in place of the selection, under its paragraph, or in place of its paragraphs. */
const APPLY_BUTTONS: { how: ApplyHow; icon: ReactNode }[] = [
  { how: 'accept', icon: <CheckOutlined /> },
  { how: 'insert_below', icon: <VerticalAlignBottomOutlined /> },
  { how: 'overwrite', icon: <SwapOutlined /> },
];

export function taskTitle(t: TFunction, task: WritingTask) {
  if (task.action === 'rewrite')
    return t('ai_writing.task_rewrite', { mode: t(`ai_writing.mode.${task.mode}`) });
  if (task.action === 'translate')
    return t('ai_writing.task_translate', { language: t(`ai_writing.language.${task.language}`) });
  return t(`ai_writing.${task.action}`);
}

const PHASE_COLOURS: Record<PreviewState['phase'], string> = {
  thinking: 'processing',
  editing: 'processing',
  done: 'success',
  timeout: 'warning',
  error: 'error',
};

function phaseLabel(t: TFunction, state: PreviewState) {
  if (state.phase === 'done') return t(state.isCut ? 'ai_writing.phase.cut' : 'ai_writing.phase.done');
  return t(`ai_writing.phase.${state.phase}`);
}

/**
 * The AI result under the selection: which action, its phase, the result as it streams (Markdown),
 * and what the user may do now. Only this browser shows it.
 */
export function AiPreview({ writing, canEdit }: { writing: AiWriting; canEdit: boolean }) {
  const { t } = useTranslation();
  const model = useQuery(writingModelQuery);
  const { state } = writing;
  if (!state) return null;
  const isReady = hasResult(state);
  const isBusy = state.phase === 'thinking' || state.phase === 'editing';
  const points = model.data?.points_per_request;

  const copy = () =>
    void copyText(state.text).then(
      () => showNotice({ key: 'ai_writing.copied' }, 'success'),
      () => showNotice({ key: 'ai_writing.copy_failed' }, 'warning'),
    );

  return (
    <section
      className={`ai-preview ai-preview--${state.phase}`}
      aria-label={t('ai_writing.preview')}
      aria-busy={isBusy}
      data-phase={state.phase}
    >
      <header className="ai-preview__header">
        <span className="ai-preview__title">{taskTitle(t, state.task)}</span>
        <Tag
          color={PHASE_COLOURS[state.phase]}
          icon={isBusy ? <LoadingOutlined /> : undefined}
          className="ai-preview__phase"
          role="status"
        >
          {phaseLabel(t, state)}
        </Tag>
        {points !== undefined && (
          <span className="ai-preview__points">{t('ai_writing.points', { count: points })}</span>
        )}
      </header>

      {state.text !== '' && (
        <div className="ai-preview__result" aria-live="polite">
          <MarkdownReply text={state.text} />
        </div>
      )}
      {state.phase === 'thinking' && <p className="ai-preview__waiting">{t('ai_writing.waiting')}</p>}
      {state.phase === 'done' && !isReady && <p className="ai-preview__waiting">{t('ai_writing.empty')}</p>}
      {(state.phase === 'timeout' || state.phase === 'error') && (
        <Alert type={state.phase === 'timeout' ? 'warning' : 'error'} showIcon title={state.message} />
      )}

      <footer className="ai-preview__actions">
        {isBusy ? (
          <>
            {state.phase === 'editing' && (
              <Button size="small" icon={<PauseCircleOutlined />} onClick={writing.end}>
                {t('ai_writing.end')}
              </Button>
            )}
            <Button size="small" danger icon={<StopOutlined />} onClick={writing.abort}>
              {t('ai_writing.abort')}
            </Button>
          </>
        ) : (
          <>
            {canEdit && isReady && (
              <>
                {APPLY_BUTTONS.map(({ how, icon }) => (
                  <Tooltip key={how} title={t(`ai_writing.${how}_hint`)} mouseEnterDelay={0.3}>
                    <Button
                      size="small"
                      type={how === 'accept' ? 'primary' : 'default'}
                      icon={icon}
                      aria-describedby={`ai-apply-${how}`}
                      onClick={() => writing.apply(how)}
                    >
                      {t(`ai_writing.${how}`)}
                    </Button>
                  </Tooltip>
                ))}
                {/* The tooltips' words, read out with each button. */}
                {APPLY_BUTTONS.map(({ how }) => (
                  <span key={how} id={`ai-apply-${how}`} hidden>
                    {t(`ai_writing.${how}_hint`)}
                  </span>
                ))}
              </>
            )}
            {!canEdit && isReady && (
              <Button size="small" icon={<CopyOutlined />} onClick={copy}>
                {t('ai_writing.copy')}
              </Button>
            )}
            <Button size="small" icon={<RedoOutlined />} onClick={writing.retry}>
              {t('ai_writing.retry')}
            </Button>
            <Button size="small" type="text" onClick={writing.close}>
              {t(canEdit ? 'ai_writing.keep' : 'ai_writing.close')}
            </Button>
          </>
        )}
        <span className="ai-preview__keys">
          {t(
            isBusy
              ? 'ai_writing.keys_busy'
              : canEdit && isReady
                ? 'ai_writing.keys_ready'
                : 'ai_writing.keys_close',
          )}
        </span>
      </footer>
    </section>
  );
}
