import type { StreamEvent } from '@tandem/contract/agent';
import type { FastifyReply } from 'fastify';

const HEARTBEAT_MS = 15_000;

/**
 * Turns the reply into a Server-Sent Events stream: each event's name is its type and its data the
 * JSON. The reply is hijacked (Fastify sends nothing more), keeps the headers hooks set, and is not
 * compressed or buffered by proxies. `signal` aborts when the client goes away before the end, so the
 * model call behind it stops too.
 */
export function openEventStream(reply: FastifyReply) {
  const controller = new AbortController();
  const raw = reply.raw;
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  const isOpen = () => !raw.writableEnded && !raw.destroyed;
  const onClose = () => {
    if (!raw.writableFinished) controller.abort();
  };
  raw.on('close', onClose);
  // A comment line now and then keeps idle proxies from closing a stream while the model thinks.
  const heartbeat = setInterval(() => isOpen() && raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  return {
    signal: controller.signal,
    send(event: StreamEvent) {
      if (isOpen()) raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      raw.off('close', onClose);
      if (isOpen()) raw.end();
    },
  };
}
