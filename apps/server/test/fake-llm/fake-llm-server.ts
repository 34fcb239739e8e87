import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeEmbeddingsAnswer } from './embeddings.ts';
import {
  behaviourOf,
  chunksOf,
  FAKE_FAILURE_MESSAGE,
  type FakeBehaviour,
  type FakeTurn,
  replyOf,
  sleep,
  wordsOf,
} from './script.ts';

/**
 * A local model provider for tests, speaking both wire formats on one port: OpenAI's
 * `POST /v1/chat/completions` (SSE `chat.completion.chunk` lines, then `data: [DONE]`) and Anthropic's
 * `POST /v1/messages` (SSE message_start … message_stop). The answers are in script.ts.
 */

export type FakeLlmOptions = {
  /** When set, calls must carry it (`Authorization: Bearer` / `x-api-key`), else 401. */
  apiKey?: string;
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
};

type WireMessage = { role: string; content: unknown };

/** The request fields the fake reads; the rest are kept for tests to inspect. */
export type WireBody = Record<string, unknown> & {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages: WireMessage[];
  system?: unknown;
  max_tokens?: number;
  max_completion_tokens?: number;
};

export type RecordedCall = {
  format: 'openai' | 'anthropic';
  headers: IncomingMessage['headers'];
  body: WireBody;
};

export type FakeLlmServer = {
  /** `http://127.0.0.1:<port>/v1`: the base URL of a provider of either kind. */
  baseUrl: string;
  port: number;
  /** Every call received, oldest first. */
  calls: RecordedCall[];
  /** The next call answers this HTTP status with the provider's error body. */
  failNext(status: number, message?: string): void;
  /** Every embeddings request received (`POST /v1/embeddings`), oldest first: its model and texts. */
  embeddingCalls: { model: string; inputs: string[] }[];
  /** The next `count` embeddings requests answer HTTP 500 (chat calls are not affected). */
  failEmbeddings(count: number): void;
  close(): Promise<void>;
};

type Part = { type: string; text?: string };

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? (content as Part[])
          .filter((part) => part.type === 'text')
          .map((part) => part.text ?? '')
          .join(' ')
      : '';

const imagesIn = (content: unknown) =>
  Array.isArray(content)
    ? (content as Part[]).filter((part) => part.type === 'image_url' || part.type === 'image').length
    : 0;

function turnOf(system: string, messages: WireMessage[], body: WireBody): FakeTurn {
  const lastUser = messages.findLast((message) => message.role === 'user');
  return {
    system,
    lastUserText: textOf(lastUser?.content),
    imageCount: imagesIn(lastUser?.content),
    promptTokens: wordsOf([system, ...messages.map((message) => textOf(message.content))].join(' ')).length,
    params: {
      temperature: body.temperature,
      top_p: body.top_p,
      max_tokens: body.max_tokens ?? body.max_completion_tokens,
      presence_penalty: body.presence_penalty,
      frequency_penalty: body.frequency_penalty,
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** What the fake moderation endpoint flags. */
export const FLAGGED_BY_PROVIDER = 'provider-flagged';

async function readJson(request: IncomingMessage): Promise<WireBody> {
  const body = JSON.parse((await readBody(request)) || '{}');
  if (!Array.isArray(body.messages)) throw new Error('messages: required');
  return body;
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function openSse(response: ServerResponse) {
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
}

/** Streams the chunks, pausing as the model key asks; stops when the client goes away. */
async function pace(response: ServerResponse, behaviour: FakeBehaviour, write: () => void) {
  if (behaviour.delayMs) await sleep(behaviour.delayMs);
  if (!response.destroyed) write();
}

async function answerOpenAi(response: ServerResponse, body: WireBody) {
  const system = body.messages
    .filter((message) => message.role === 'system')
    .map((message) => textOf(message.content))
    .join('\n');
  const turn = turnOf(system, body.messages, body);
  const behaviour = behaviourOf(String(body.model));
  const { chunks, isCut } = chunksOf(replyOf(turn), turn.params.max_tokens);
  const finishReason = isCut ? 'length' : 'stop';
  const usage = {
    prompt_tokens: turn.promptTokens,
    completion_tokens: chunks.length,
    total_tokens: turn.promptTokens + chunks.length,
  };
  const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: body.model };

  if (!body.stream) {
    sendJson(response, 200, {
      ...base,
      object: 'chat.completion',
      choices: [
        { index: 0, message: { role: 'assistant', content: chunks.join('') }, finish_reason: finishReason },
      ],
      usage,
    });
    return;
  }
  openSse(response);
  const send = (choices: unknown[], extra: object = {}) =>
    response.write(
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices, ...extra })}\n\n`,
    );
  const delta = (value: object, finish: string | null = null) =>
    send([{ index: 0, delta: value, finish_reason: finish }]);

  delta({ role: 'assistant', content: '' });
  if (behaviour.isReasoning) {
    for (const word of chunksOf(`Thinking about: ${turn.lastUserText}`, undefined).chunks) {
      await pace(response, behaviour, () => delta({ reasoning_content: word }));
    }
    if (behaviour.breaksWhileThinking) {
      // Let the thinking reach the client first, as a provider that fails midway would.
      await sleep(50);
      response.destroy();
      return;
    }
  }
  for (const chunk of chunks) await pace(response, behaviour, () => delta({ content: chunk }));
  if (response.destroyed) return;
  delta({}, finishReason);
  if (body.stream_options?.include_usage) send([], { usage });
  response.end('data: [DONE]\n\n');
}

async function answerAnthropic(response: ServerResponse, body: WireBody) {
  const system = textOf(body.system);
  const turn = turnOf(system, body.messages, body);
  const behaviour = behaviourOf(String(body.model));
  const { chunks, isCut } = chunksOf(replyOf(turn), turn.params.max_tokens);
  const stopReason = isCut ? 'max_tokens' : 'end_turn';

  if (!body.stream) {
    sendJson(response, 200, {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [{ type: 'text', text: chunks.join('') }],
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: turn.promptTokens, output_tokens: chunks.length },
    });
    return;
  }
  openSse(response);
  const event = (type: string, data: object) =>
    response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);

  event('message_start', {
    message: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: turn.promptTokens, output_tokens: 1 },
    },
  });
  let index = 0;
  if (behaviour.isReasoning) {
    event('content_block_start', { index, content_block: { type: 'thinking', thinking: '' } });
    for (const word of chunksOf(`Thinking about: ${turn.lastUserText}`, undefined).chunks) {
      await pace(response, behaviour, () =>
        event('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: word } }),
      );
    }
    event('content_block_delta', { index, delta: { type: 'signature_delta', signature: 'fake' } });
    event('content_block_stop', { index });
    index++;
  }
  event('content_block_start', { index, content_block: { type: 'text', text: '' } });
  event('ping', {});
  for (const chunk of chunks) {
    await pace(response, behaviour, () =>
      event('content_block_delta', { index, delta: { type: 'text_delta', text: chunk } }),
    );
  }
  if (response.destroyed) return;
  event('content_block_stop', { index });
  event('message_delta', {
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: chunks.length },
  });
  event('message_stop', {});
  response.end();
}

const openAiError = (message: string, type: string) => ({ error: { message, type, code: null } });
const anthropicError = (message: string, type: string) => ({ type: 'error', error: { type, message } });

export async function startFakeLlmServer(options: FakeLlmOptions = {}): Promise<FakeLlmServer> {
  const calls: RecordedCall[] = [];
  let nextFailure: { status: number; message: string } | undefined;
  const embeddingCalls: FakeLlmServer['embeddingCalls'] = [];
  let embeddingFailures = 0;

  const server = createServer(async (request, response) => {
    const path = request.url?.split('?')[0];
    if (request.method === 'GET' && path === '/health') {
      sendJson(response, 200, { status: 'ok' });
      return;
    }
    // The models it serves, as OpenAI-compatible servers list them (the setup page's discovery).
    if (request.method === 'GET' && path === '/v1/models') {
      const ids = ['fake-chat', 'fake-slow'];
      sendJson(response, 200, {
        object: 'list',
        data: ids.map((id) => ({ id, object: 'model', owned_by: 'fake' })),
      });
      return;
    }
    // An OpenAI-style moderation endpoint: it flags any input that says `provider-flagged`.
    if (request.method === 'POST' && path === '/v1/moderations') {
      const body = JSON.parse((await readBody(request)) || '{}') as { input?: unknown };
      sendJson(response, 200, { results: [{ flagged: String(body.input).includes(FLAGGED_BY_PROVIDER) }] });
      return;
    }
    // Deterministic embeddings (embeddings.ts), for knowledge search with an embedding model.
    if (request.method === 'POST' && path === '/v1/embeddings') {
      const body = JSON.parse((await readBody(request)) || '{}') as { model?: unknown; input?: unknown };
      const model = String(body.model ?? '');
      const inputs =
        typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input : [];
      embeddingCalls.push({ model, inputs: inputs.map(String) });
      const given = request.headers.authorization?.replace(/^Bearer /, '');
      if (options.apiKey && given !== options.apiKey) {
        sendJson(response, 401, openAiError('Incorrect API key provided', 'authentication_error'));
        return;
      }
      if (embeddingFailures > 0 || model.includes('fail')) {
        embeddingFailures = Math.max(0, embeddingFailures - 1);
        sendJson(response, 500, openAiError(FAKE_FAILURE_MESSAGE, 'api_error'));
        return;
      }
      const answer = fakeEmbeddingsAnswer(body);
      if (answer.status === 200) sendJson(response, 200, answer.body);
      else sendJson(response, answer.status, openAiError(answer.message ?? '', 'invalid_request_error'));
      return;
    }
    const format =
      path === '/v1/chat/completions' ? 'openai' : path === '/v1/messages' ? 'anthropic' : undefined;
    if (request.method !== 'POST' || !format) {
      sendJson(response, 404, openAiError(`no route ${request.method} ${path}`, 'not_found'));
      return;
    }
    const errorBody = format === 'openai' ? openAiError : anthropicError;
    try {
      const body = await readJson(request);
      calls.push({ format, headers: request.headers, body });
      const given =
        format === 'openai'
          ? request.headers.authorization?.replace(/^Bearer /, '')
          : request.headers['x-api-key'];
      if (options.apiKey && given !== options.apiKey) {
        sendJson(response, 401, errorBody('Incorrect API key provided', 'authentication_error'));
        return;
      }
      const failure = nextFailure;
      nextFailure = undefined;
      if (failure) {
        sendJson(response, failure.status, errorBody(failure.message, 'api_error'));
        return;
      }
      if (behaviourOf(String(body.model)).isFailing) {
        sendJson(response, 500, errorBody(FAKE_FAILURE_MESSAGE, 'api_error'));
        return;
      }
      await (format === 'openai' ? answerOpenAi(response, body) : answerAnthropic(response, body));
    } catch (error) {
      if (!response.headersSent) sendJson(response, 400, errorBody(String(error), 'invalid_request_error'));
      else response.destroy();
    }
  });

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${options.host ?? '127.0.0.1'}:${port}/v1`,
    port,
    calls,
    failNext(status, message = FAKE_FAILURE_MESSAGE) {
      nextFailure = { status, message };
    },
    embeddingCalls,
    failEmbeddings(count) {
      embeddingFailures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
