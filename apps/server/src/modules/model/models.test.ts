import { MODEL_API } from '@tandem/contract/api';
import { ERRORS } from '@tandem/contract/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../../test/factories.ts';
import { type FakeLlmServer, startFakeLlmServer } from '../../../test/fake-llm/fake-llm-server.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { modelProviders, users } from '../../db/schema.ts';

const ctx = useTestApp();
const PROVIDER_KEY = 'sk-admin-test-key-0123456789';

let fake: FakeLlmServer;
let superToken: string;
let userToken: string;

type Method = 'GET' | 'POST' | 'DELETE';
async function call(method: Method, url: string, token?: string, payload?: unknown) {
  const answer = await ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: answer.statusCode, body: answer.json(), raw: answer.body };
}
async function data(method: Method, url: string, payload?: unknown, token = superToken) {
  const answer = await call(method, url, token, payload);
  if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${answer.raw}`);
  return answer.body.data;
}

const providerBody = (extra: object = {}) => ({
  name: 'Local fake',
  kind: 'openai-compatible',
  base_url: fake.baseUrl,
  api_key: PROVIDER_KEY,
  ...extra,
});
const modelBody = (providerId: number, extra: object = {}) => ({
  provider_id: providerId,
  name: 'Fake Chat',
  model_key: `fake-chat-${Math.random().toString(36).slice(2, 8)}`,
  parameter_size: '7B',
  training_date: '2024-06',
  context_length: 32_000,
  supports_images: true,
  points_per_request: 4,
  ...extra,
});

beforeAll(async () => {
  fake = await startFakeLlmServer({ apiKey: PROVIDER_KEY });
  const admin = await createUser(ctx.app);
  await ctx.database.db.update(users).set({ isSuper: true }).where(eq(users.email, admin.email));
  superToken = admin.token;
  userToken = (await createUser(ctx.app)).token;
});
afterAll(async () => {
  await fake?.close();
});

describe('who may manage models', () => {
  const adminCalls: [Method, string, unknown][] = [
    ['GET', MODEL_API.providerList, undefined],
    [
      'POST',
      MODEL_API.saveProvider,
      { name: 'x', kind: 'openai-compatible', base_url: 'http://127.0.0.1:1/v1' },
    ],
    ['DELETE', MODEL_API.deleteProvider, { id: 1 }],
    ['POST', MODEL_API.testProvider, { kind: 'openai-compatible', base_url: 'http://127.0.0.1:1/v1' }],
    ['GET', MODEL_API.modelList, undefined],
    ['POST', MODEL_API.saveModel, { provider_id: 1, name: 'x', model_key: 'x' }],
    ['DELETE', MODEL_API.deleteModel, { id: 1 }],
  ];

  it.each(adminCalls)(
    '%s %s: 401 without a session, 403 for a user who is not a platform admin',
    async (method, url, body) => {
      const anonymous = await call(method, url, undefined, body);
      expect(anonymous.status).toBe(401);
      const user = await call(method, url, userToken, body);
      expect(user.status).toBe(403);
      expect(user.body.code).toBe(ERRORS.FORBIDDEN.code);
    },
  );

  it('lets a platform admin in', async () => {
    expect((await call('GET', MODEL_API.providerList, superToken)).status).toBe(200);
    expect((await call('GET', MODEL_API.modelList, superToken)).status).toBe(200);
  });

  it('lists the usable models to any signed-in user, and to nobody else', async () => {
    expect((await call('GET', MODEL_API.available)).status).toBe(401);
    expect((await call('GET', MODEL_API.available, userToken)).status).toBe(200);
  });
});

describe('model providers', () => {
  it('keeps the API key encrypted and never answers it', async () => {
    const { id } = await data('POST', MODEL_API.saveProvider, providerBody());
    const listed = await call('GET', MODEL_API.providerList, superToken);
    expect(listed.raw).not.toContain(PROVIDER_KEY);
    expect(listed.body.data.find((p: { id: number }) => p.id === id)).toEqual({
      id,
      name: 'Local fake',
      kind: 'openai-compatible',
      base_url: fake.baseUrl,
      has_api_key: true,
      enabled: true,
      model_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await ctx.database.db.select().from(modelProviders).where(eq(modelProviders.id, id));
    expect(JSON.stringify(row)).not.toContain(PROVIDER_KEY);
    expect(row!.apiKeyEncrypted).toMatch(/^v1\./);
  });

  it('keeps the stored key on an update without one, and removes it on null', async () => {
    const { id } = await data('POST', MODEL_API.saveProvider, providerBody());
    await data('POST', MODEL_API.saveProvider, {
      id,
      name: 'Renamed',
      kind: 'openai-compatible',
      base_url: `${fake.baseUrl}/`,
    });
    const find = async () =>
      (await data('GET', MODEL_API.providerList)).find((p: { id: number }) => p.id === id);
    expect(await find()).toMatchObject({ name: 'Renamed', base_url: fake.baseUrl, has_api_key: true });
    await data('POST', MODEL_API.saveProvider, { ...providerBody(), id, api_key: null });
    expect(await find()).toMatchObject({ has_api_key: false });
  });

  it('refuses bad input with the failing fields, and an Anthropic provider without a key', async () => {
    const bad = await call('POST', MODEL_API.saveProvider, superToken, {
      name: ' ',
      kind: 'cohere',
      base_url: 'file:///etc/passwd',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ERRORS.BAD_REQUEST.code);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'base_url',
      'kind',
      'name',
    ]);

    const keyless = await call(
      'POST',
      MODEL_API.saveProvider,
      superToken,
      providerBody({ kind: 'anthropic', api_key: undefined }),
    );
    expect(keyless.body.code).toBe(ERRORS.MODEL_PROVIDER_KEY_REQUIRED.code);
    const missing = await call('POST', MODEL_API.saveProvider, superToken, providerBody({ id: 999_999 }));
    expect(missing.body.code).toBe(ERRORS.MODEL_PROVIDER_NOT_FOUND.code);
  });

  it("tests a connection with the stored key, or answers the provider's error", async () => {
    const { id } = await data('POST', MODEL_API.saveProvider, providerBody());
    const needsModel = await call('POST', MODEL_API.testProvider, superToken, {
      id,
      kind: 'openai-compatible',
      base_url: fake.baseUrl,
    });
    expect(needsModel.body.code).toBe(ERRORS.MODEL_TEST_NEEDS_MODEL.code);

    await data('POST', MODEL_API.saveModel, modelBody(id, { model_key: 'first-model' }));
    expect(
      await data('POST', MODEL_API.testProvider, { id, kind: 'openai-compatible', base_url: fake.baseUrl }),
    ).toEqual({
      ok: true,
      message: 'Echo: Reply with the word: ok',
      model_key: 'first-model',
      latency_ms: expect.any(Number),
    });
    expect(fake.calls.at(-1)!.headers.authorization).toBe(`Bearer ${PROVIDER_KEY}`);

    const refused = await data('POST', MODEL_API.testProvider, {
      kind: 'anthropic',
      base_url: fake.baseUrl,
      api_key: 'wrong-key',
      model_key: 'claude-test',
    });
    expect(refused).toMatchObject({ ok: false, model_key: 'claude-test' });
    expect(refused.message).toContain('Incorrect API key');
  });

  it('deletes a provider with its models', async () => {
    const { id } = await data('POST', MODEL_API.saveProvider, providerBody());
    await data('POST', MODEL_API.saveModel, modelBody(id));
    await data('DELETE', MODEL_API.deleteProvider, { id });
    expect(await data('GET', `${MODEL_API.modelList}?provider_id=${id}`)).toEqual([]);
    const again = await call('DELETE', MODEL_API.deleteProvider, superToken, { id });
    expect(again.body.code).toBe(ERRORS.MODEL_PROVIDER_NOT_FOUND.code);
  });
});

describe('models', () => {
  it('saves every field, lists them by provider and updates them', async () => {
    const { id: providerId } = await data('POST', MODEL_API.saveProvider, providerBody());
    const body = modelBody(providerId);
    const { id } = await data('POST', MODEL_API.saveModel, body);
    const [listed] = await data('GET', `${MODEL_API.modelList}?provider_id=${providerId}`);
    expect(listed).toEqual({
      id,
      provider_id: providerId,
      provider_name: 'Local fake',
      name: 'Fake Chat',
      model_key: body.model_key,
      type: 'completion',
      parameter_size: '7B',
      training_date: '2024-06',
      context_length: 32_000,
      supports_images: true,
      points_per_request: 4,
      enabled: true,
      sort: 0,
      is_default: false,
      created_at: expect.any(String),
    });
    await data('POST', MODEL_API.saveModel, { ...body, id, type: 'embedding', points_per_request: 0 });
    expect(await data('GET', `${MODEL_API.modelList}?provider_id=${providerId}`)).toMatchObject([
      { id, type: 'embedding', points_per_request: 0 },
    ]);
  });

  it('refuses a key the provider already has, an unknown provider and bad numbers', async () => {
    const { id: providerId } = await data('POST', MODEL_API.saveProvider, providerBody());
    await data('POST', MODEL_API.saveModel, modelBody(providerId, { model_key: 'taken' }));
    const duplicate = await call(
      'POST',
      MODEL_API.saveModel,
      superToken,
      modelBody(providerId, { model_key: 'taken' }),
    );
    expect(duplicate.body.code).toBe(ERRORS.MODEL_KEY_DUPLICATE.code);
    const orphan = await call('POST', MODEL_API.saveModel, superToken, modelBody(999_999));
    expect(orphan.body.code).toBe(ERRORS.MODEL_PROVIDER_NOT_FOUND.code);
    const bad = await call(
      'POST',
      MODEL_API.saveModel,
      superToken,
      modelBody(providerId, {
        model_key: 'has space',
        context_length: 0,
        points_per_request: -1,
      }),
    );
    expect(bad.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'context_length',
      'model_key',
      'points_per_request',
    ]);
    const missing = await call('DELETE', MODEL_API.deleteModel, superToken, { id: 999_999 });
    expect(missing.body.code).toBe(ERRORS.MODEL_NOT_FOUND.code);
  });

  it('offers users only enabled completion models of enabled providers', async () => {
    const { id: on } = await data('POST', MODEL_API.saveProvider, providerBody({ name: 'On' }));
    const { id: off } = await data(
      'POST',
      MODEL_API.saveProvider,
      providerBody({ name: 'Off', enabled: false }),
    );
    const { id: usable } = await data(
      'POST',
      MODEL_API.saveModel,
      modelBody(on, { name: 'Usable', sort: 1 }),
    );
    const { id: disabled } = await data('POST', MODEL_API.saveModel, modelBody(on, { enabled: false }));
    const { id: embedding } = await data('POST', MODEL_API.saveModel, modelBody(on, { type: 'embedding' }));
    const { id: ofOff } = await data('POST', MODEL_API.saveModel, modelBody(off));

    const available = await data('GET', MODEL_API.available, undefined, userToken);
    const ids = available.map((m: { id: number }) => m.id);
    expect(ids).toContain(usable);
    for (const hidden of [disabled, embedding, ofOff]) expect(ids).not.toContain(hidden);
    expect(available.find((m: { id: number }) => m.id === usable)).toEqual({
      id: usable,
      name: 'Usable',
      provider_name: 'On',
      parameter_size: '7B',
      training_date: '2024-06',
      context_length: 32_000,
      supports_images: true,
      points_per_request: 4,
      is_default: expect.any(Boolean),
    });

    await data('DELETE', MODEL_API.deleteModel, { id: usable });
    expect(
      (await data('GET', MODEL_API.available, undefined, userToken)).map((m: { id: number }) => m.id),
    ).not.toContain(usable);
  });
});
