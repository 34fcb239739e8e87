import type { FieldError } from '@tandem/contract/errors';
import { translate } from '@tandem/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { requestLocale } from './request-locale.ts';

/** Fastify's own client errors (bad JSON, wrong content type, body too large) keep their 4xx status. */
const clientErrorByFastifyCode: Record<string, AppError['errorName']> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_RATE_LIMIT: 'RATE_LIMITED',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'BAD_REQUEST',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
};

function send(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const msg = translate(requestLocale(request), error.messageKey, error.options.values);
  const data = error.options.fields ? { fields: error.options.fields } : (error.options.data ?? null);
  return reply.status(error.status).send({ code: error.code, msg, data });
}

function validationFields(error: { validation: { instancePath: string; message?: string }[] }) {
  return error.validation.map(
    (issue): FieldError => ({
      field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: issue.message ?? 'invalid',
    }),
  );
}

/** One place turns every failure into the envelope; 5xx details stay in the log, never in the answer. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(request, reply, new AppError('BAD_REQUEST', { fields: validationFields(error) }));
    }
    if (error.validation) {
      const { validation } = error;
      return send(request, reply, new AppError('BAD_REQUEST', { fields: validationFields({ validation }) }));
    }
    const clientError = error.code ? clientErrorByFastifyCode[error.code] : undefined;
    if (clientError) return send(request, reply, new AppError(clientError));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(request, reply, new AppError('BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, new AppError('INTERNAL'));
  });
}

/** Answers the envelope 404 for API paths; other GETs get the web app's page when one is given. */
export function registerNotFound(
  app: FastifyInstance,
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
) {
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (spaFallback && isPage) return spaFallback(request, reply);
    return send(request, reply, new AppError('NOT_FOUND'));
  });
}

const isApiPath = (url: string) =>
  url.startsWith('/api/') || url === '/api' || url.startsWith('/connection/');
