import { DEVICE_ID_HEADER } from '@tandem/contract/system';
import { getLocale } from '../i18n/i18n.ts';
import { readTokenCookie } from '../session/token-cookie.ts';
import { getDeviceId } from './device-id.ts';
import { ApiError } from './http-client.ts';

/** One message of a streamed answer: the SSE `event:` name (none for NDJSON) and its parsed data. */
export type StreamEvent = { event: string | undefined; data: unknown };

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Reads a streamed answer as it arrives, in either framing a server may use: server-sent events (`event:`
 * and `data:` lines, a blank line ending each; `data: [DONE]` ends the stream) or NDJSON (one JSON value a
 * line).
 */
export async function* readJsonStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event: string | undefined;
  let data: string[] = [];
  const flush = (): StreamEvent | undefined => {
    if (data.length === 0) return undefined;
    const message = { event, data: parse(data.join('\n')) };
    event = undefined;
    data = [];
    return message;
  };
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        if (line === '') {
          const message = flush();
          if (message) yield message;
        } else if (line.startsWith('data:')) {
          const text = line.slice(5).replace(/^ /, '');
          if (text === '[DONE]') return;
          data.push(text);
        } else if (line.startsWith('event:')) {
          event = line.slice(6).trim();
        } else if (/^(:|id:|retry:)/.test(line)) {
          // SSE comments (keep-alives), ids and retry hints carry nothing to show.
        } else {
          yield { event: undefined, data: parse(line) };
        }
      }
    }
    const rest = buffer.trim();
    if (rest.startsWith('data:')) data.push(rest.slice(5).trim());
    else if (rest) yield { event: undefined, data: parse(rest) };
    const last = flush();
    if (last && last.data !== '[DONE]') yield last;
  } finally {
    reader.releaseLock();
  }
}

/**
 * POSTs JSON with the session's headers and answers the streamed events. A call the server refuses
 * answers its envelope instead, thrown as an ApiError carrying the server's (localised) message; the
 * caller shows it where the stream would have been. `signal` stops the stream.
 */
export async function* postForStream(
  url: string,
  body: unknown,
  { signal }: { signal?: AbortSignal } = {},
): AsyncGenerator<StreamEvent> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'text/event-stream, application/x-ndjson, application/json',
    [DEVICE_ID_HEADER]: getDeviceId(),
    'Accept-Language': getLocale(),
  };
  const token = readTokenCookie();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch (error) {
    if (signal?.aborted) return;
    throw new ApiError('network', (error as Error).message, undefined, undefined);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope = (await response.json().catch(() => null)) as {
      code?: number;
      msg?: string;
      data?: unknown;
    } | null;
    if (response.ok && envelope?.code === 0) return;
    throw new ApiError(
      response.ok ? 'business' : 'http',
      envelope?.msg || response.statusText || `HTTP ${response.status}`,
      envelope?.code,
      response.status,
      envelope?.data,
    );
  }
  if (!response.body) return;
  try {
    yield* readJsonStream(response.body);
  } catch (error) {
    if (signal?.aborted) return;
    throw new ApiError('network', (error as Error).message, undefined, undefined);
  }
}
