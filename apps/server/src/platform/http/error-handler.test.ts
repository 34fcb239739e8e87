// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { MESSAGES } from '@tandem/contract/messages';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { registerErrorHandler, registerNotFound } from './error-handler.ts';

const app = Fastify({ bodyLimit: 1024 }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerNotFound(app);
  app.post(
    '/api/echo',
    {
      schema: { body: z.object({ name: z.string().min(1).max(5), profile: z.object({ age: z.number() }) }) },
    },
    async (request) => ({ code: 0, msg: 'ok', data: request.body }),
  );
  app.post(
    '/api/address',
    {
      schema: {
        body: z
          .union([z.object({ email: z.email() }), z.object({ phone: z.string().regex(/^\d+$/) })])
          .and(z.object({ code: z.string().length(6) })),
      },
    },
    async () => ({ code: 0, msg: 'ok', data: null }),
  );
  app.get('/api/app-error', async () => {
    throw new AppError('ACCOUNT_LOCKED');
  });
  app.get('/api/crash', async () => {
    throw new Error('secret database detail');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler', () => {
  it('turns bad input into a 400 naming every failing field, nested ones with dots', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/echo',
      payload: { name: 'far too long', profile: { age: 'old' } },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(1001);
    expect(body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['name', 'profile.age']);
  });

  it('names the field of the union branch that came closest, not the union itself', async () => {
    const fields = async (payload: object) =>
      (await app.inject({ method: 'POST', url: '/api/address', payload }))
        .json()
        .data.fields.map((f: { field: string }) => f.field);
    expect(await fields({ email: 42, code: '123456' })).toEqual(['email']);
    expect(await fields({ phone: '12a', code: '123456' })).toEqual(['phone']);
    expect((await fields({ code: 'x' })).sort()).toEqual(['code', 'email']);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(1001);
  });

  it('answers an oversized body with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/echo',
      payload: { name: 'x'.repeat(5000), profile: { age: 1 } },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(1008);
  });

  it('sends an AppError with its status, code and localised message', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/app-error',
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ code: 1015, msg: MESSAGES['zh-TW'].error.account_locked, data: null });
  });

  it('hides the details of an unexpected failure behind a generic 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(response.json()).toEqual({ code: 1005, msg: MESSAGES['en-US'].error.backend_unknown, data: null });
  });
});
