import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, written when it completes, with what an operator looks for. Fastify's
 * default writes a second line on arrival, which doubles the logging cost of every call.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // A 5xx is worth a line at any level: a route quiet at `warn` (the health probe) still shows it.
    else if (reply.statusCode >= 500) reply.log.error(line, 'request');
    else reply.log.info(line, 'request');
  }
}
