import type { FieldError } from '@tandem/contract/errors';
import { translate } from '@tandem/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { StorageError } from '../storage/object-storage.ts';
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

type ValidationIssue = { instancePath: string; message?: string; keyword?: string; params?: unknown };
type ZodIssue = { path?: PropertyKey[]; message?: string; code?: string; errors?: ZodIssue[][] };

const unionBranchesOf = (issue: { keyword?: string; code?: string; params?: unknown; errors?: unknown }) => {
  const errors = issue.errors ?? (issue.params as { errors?: unknown } | undefined)?.errors;
  return (issue.keyword ?? issue.code) === 'invalid_union' && Array.isArray(errors) && errors.length > 0
    ? (errors as ZodIssue[][])
    : undefined;
};

const valueAt = (input: unknown, path: string[]) =>
  path.reduce<unknown>(
    (value, key) =>
      value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
    input,
  );

/** How far a union branch is from what was sent: first the fields it wants that are absent, then its issues. */
function distanceOf(branch: ZodIssue[], input: unknown) {
  const absent = branch.filter((issue) => {
    const key = issue.path?.[0];
    return key !== undefined && (!input || typeof input !== 'object' || !(String(key) in input));
  }).length;
  return absent * 1000 + branch.length;
}

/**
 * A union (`{email}` or `{phone, country_code}`) fails at its own level, which names no field: report the
 * issues of the branch closest to what was sent, so the answer names the field the user got wrong.
 */
function fieldsOfIssue(path: string[], issue: ZodIssue | ValidationIssue, body: unknown): FieldError[] {
  const branches = unionBranchesOf(issue)?.filter((branch) => branch.length > 0);
  if (!branches?.length) return [{ field: path.join('.'), message: issue.message ?? 'invalid' }];
  const input = valueAt(body, path);
  const closest = branches.reduce((best, branch) =>
    distanceOf(branch, input) < distanceOf(best, input) ? branch : best,
  );
  return closest.flatMap((inner) => fieldsOfIssue([...path, ...(inner.path ?? []).map(String)], inner, body));
}

function validationFields(error: { validation: ValidationIssue[] }, body: unknown) {
  return error.validation.flatMap((issue) =>
    fieldsOfIssue(issue.instancePath.split('/').filter(Boolean), issue, body),
  );
}

/** One place turns every failure into the envelope; 5xx details stay in the log, never in the answer. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(
        request,
        reply,
        new AppError('BAD_REQUEST', { fields: validationFields(error, request.body) }),
      );
    }
    if (error.validation) {
      const { validation } = error;
      return send(
        request,
        reply,
        new AppError('BAD_REQUEST', { fields: validationFields({ validation }, request.body) }),
      );
    }
    if (error instanceof StorageError) {
      request.log.error({ err: error }, 'file storage failed');
      return send(request, reply, new AppError('STORAGE_UNAVAILABLE'));
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
