import { ERRORS } from '@tandem/contract/errors';
import { CODE_EXPIRY_MS, CODE_RESEND_WAIT_S } from '@tandem/contract/limits';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../shared/api/http-client.ts';
import { showNotice } from '../../../shared/ui/notices.ts';

/** The wait the server asks for before another code (429, code 1021, `data.retry_after` seconds). */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== ERRORS.CODE_RESEND_WAIT.code) return null;
  const seconds = (error.data as { retry_after?: unknown } | undefined)?.retry_after;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}

type Wait = { target: string; until: number };

/** A resend countdown tied to one address: typing another address is not held up by it. */
export function useCountdown() {
  const [wait, setWait] = useState<Wait | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!wait) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= wait.until) setWait(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [wait]);
  const start = useCallback((seconds: number, target: string) => {
    const current = Date.now();
    setNow(current);
    setWait({ target, until: current + seconds * 1000 });
  }, []);
  const secondsLeft = (target: string) =>
    wait && wait.target === target ? Math.max(0, Math.ceil((wait.until - now) / 1000)) : 0;
  return { start, secondsLeft };
}

/** Sends a verification code, then holds the resend button for 60 s, or for as long as the server says. */
export function useCodeSender() {
  const { start, secondsLeft } = useCountdown();
  const [isSending, setIsSending] = useState(false);
  async function send(target: string, call: () => Promise<unknown>): Promise<boolean> {
    setIsSending(true);
    try {
      await call();
      start(CODE_RESEND_WAIT_S, target);
      showNotice(
        { key: 'account_settings.code_sent', values: { target, minutes: CODE_EXPIRY_MS / 60_000 } },
        'success',
      );
      return true;
    } catch (error) {
      // The HTTP client has shown the server's message; a resend wait also holds the button.
      const seconds = retryAfterOf(error);
      if (seconds) start(seconds, target);
      return false;
    } finally {
      setIsSending(false);
    }
  }
  return { send, isSending, secondsLeft };
}
