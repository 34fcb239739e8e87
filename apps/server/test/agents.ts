import type { AgentConfig } from '@tandem/contract/agent';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config.ts';
import { modelProviders, models } from '../src/db/schema.ts';
import { createLlm } from '../src/platform/llm/gateway.ts';
import type { Llm, LlmRequest } from '../src/platform/llm/llm.ts';
import { bearer, createUser } from './factories.ts';
import { type FakeLlmServer, startFakeLlmServer } from './fake-llm/fake-llm-server.ts';
import type { TestContext } from './test-app.ts';

/** Helpers of the agent tests: calls through `app.inject`, people in teams, models on the fake provider. */

export type Method = 'GET' | 'POST' | 'DELETE';
export type Person = { token: string; id: number; email: string };

export function agentApi(ctx: TestContext) {
  async function call(method: Method, url: string, token?: string, payload?: unknown, headers = {}) {
    const answer = await ctx.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
  }

  async function data(method: Method, url: string, token: string, payload?: unknown) {
    const answer = await call(method, url, token, payload);
    if (answer.status !== 200) {
      throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    return answer.body.data;
  }

  async function person(): Promise<Person> {
    const user = await createUser(ctx.app);
    const account = await data('GET', '/api/user/account', user.token);
    return { token: user.token, email: user.email, id: account.id as number };
  }

  /** An organisation team owned by a new person, who is switched to it. */
  async function team(name = 'Agent Works') {
    const owner = await person();
    const { team_id } = await data('POST', '/api/team/create-team', owner.token, {
      name,
      industry_id: 101,
      scale: 0,
    });
    const join = async (who: Person) => {
      const { invite_code } = await data('POST', '/api/team/get-invite-code', owner.token, { is_reset: 0 });
      await data('POST', '/api/team/join-team', who.token, { invite_code });
    };
    const member = async () => {
      const who = await person();
      await join(who);
      return who;
    };
    return { owner, teamId: team_id as number, join, member };
  }

  /** A draft agent of the caller's current team, with `config` over a blank one; answers its id and key. */
  async function agent(token: string, config: Partial<AgentConfig> = {}) {
    const created = await data('POST', '/api/agent/create-agent', token, { config });
    return { id: created.id as number, key: created.agent_key as string };
  }

  /** The points left to the caller's current team, as its account shows them. */
  const balanceOf = async (token: string) =>
    (await data('GET', '/api/user/account', token)).current_team_ver.numerical_auth.points_quota
      .points_quota_surplus_numerical as number;

  return { call, data, person, team, agent, balanceOf };
}

export type FakeModels = { chat: number; slow: number; fail: number; disabled: number; embedding: number };

/** A provider on the fake LLM server with a usable chat model, a slow and a failing one, and two unusable. */
export async function addFakeModels(ctx: TestContext, fake: FakeLlmServer): Promise<FakeModels> {
  const { db } = ctx.database;
  const [provider] = await db
    .insert(modelProviders)
    .values({ name: 'Fake provider', kind: 'openai-compatible', baseUrl: fake.baseUrl })
    .returning({ id: modelProviders.id });
  const add = async (modelKey: string, values: Partial<typeof models.$inferInsert> = {}) => {
    const [row] = await db
      .insert(models)
      .values({
        providerId: provider!.id,
        name: `Fake ${modelKey}`,
        modelKey,
        pointsPerRequest: 3,
        ...values,
      })
      .returning({ id: models.id });
    return row!.id;
  };
  return {
    chat: await add('fake-chat', { sort: 1 }),
    slow: await add('fake-slow', { sort: 2 }),
    fail: await add('fake-fail', { sort: 3 }),
    disabled: await add('fake-disabled', { enabled: false }),
    embedding: await add('fake-embedding', { type: 'embedding' }),
  };
}

/** For a test file: the fake LLM server with addFakeModels' models, up before the tests and closed after. */
export function useFakeModels(ctx: TestContext) {
  const fakes = {} as { server: FakeLlmServer; model: FakeModels };
  beforeAll(async () => {
    fakes.server = await startFakeLlmServer();
    fakes.model = await addFakeModels(ctx, fakes.server);
  });
  afterAll(() => fakes.server?.close());
  return fakes;
}

/** A configuration publishing accepts, on the given model. */
export const completeConfig = (modelId: number, name = 'Release Notes Writer'): Partial<AgentConfig> => ({
  name,
  description: 'Turns merged pull requests into release notes.',
  avatar: '/api/upload/files/avatar-1.png',
  prompt: 'You write short release notes.',
  first_question: 'What changed this week?',
  greeting: 'Hello! Paste the changes.',
  model_id: modelId,
});

/** The app's real gateway, watched: each request it is asked for goes into `requests`. */
export function watchedLlm(ctx: TestContext, config: Config, requests: LlmRequest[]): Llm {
  const llm = createLlm({ db: ctx.database.db, config, log: pino({ level: 'silent' }) });
  return {
    ...llm,
    stream(request) {
      requests.push(request);
      return llm.stream(request);
    },
  };
}
