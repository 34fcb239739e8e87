import { CODE_EXPIRY_MS, CODE_RESEND_WAIT_S } from '@tandem/contract/limits';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/http-client.ts';
import { busyButtonProps } from '../../../shared/ui/busy-button.tsx';
import { showNotice } from '../../../shared/ui/notices.ts';
import { useCountdown } from '../hooks/use-countdown.ts';

/** Seconds the server asks to wait before another code (its 429 answer `{code: 1021, data: {retry_after}}`). */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return null;
  const seconds = (error.data as { retry_after?: unknown }).retry_after;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}

/**
 * Sends a verification code, then counts down before a resend is allowed. `onSend` answers false when it
 * did not send (a field to fix first); when the server says to wait, the button counts down that wait.
 * Other failures are reported by `onSend` or by the HTTP client.
 */
export function SendCodeButton({ onSend, id }: { onSend: () => Promise<boolean>; id?: string }) {
  const { t } = useTranslation();
  const [isSending, setIsSending] = useState(false);
  const [secondsLeft, startCountdown] = useCountdown();

  async function send() {
    setIsSending(true);
    try {
      if (await onSend()) {
        showNotice({ key: 'auth.code_sent', values: { minutes: CODE_EXPIRY_MS / 60_000 } }, 'success');
        startCountdown(CODE_RESEND_WAIT_S);
      }
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait) startCountdown(wait);
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Button
      id={id}
      size="large"
      {...busyButtonProps(isSending)}
      disabled={isSending || secondsLeft > 0}
      onClick={send}
      className="auth__send-code"
    >
      {/* Both labels size the button (see the CSS), so it keeps one width while it counts down. */}
      <span
        className="auth__send-code-label"
        data-idle={t('auth.send_code')}
        data-waiting={t('auth.resend_in', { seconds: Math.max(CODE_RESEND_WAIT_S, secondsLeft) })}
      >
        <span>{secondsLeft > 0 ? t('auth.resend_in', { seconds: secondsLeft }) : t('auth.send_code')}</span>
      </span>
    </Button>
  );
}
