import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_WRITING_API } from '@tandem/contract/ai-writing';
import { MODEL_API } from '@tandem/contract/api';
import { ERRORS } from '@tandem/contract/errors';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { agentApi, useFakeModels } from '../../../test/agents.ts';
import {
  addProjectMember,
  createDocument,
  createMember,
  createProject,
  joinTeam,
} from '../../../test/documents.ts';
import { bearer } from '../../../test/factories.ts';
import { useSecondApp, useTestApp } from '../../../test/test-app.ts';
import { models, pointsLedger, users } from '../../db/schema.ts';
import { pointsBalance, setPointsBalance } from '../quotas/index.ts';

const ctx = useTestApp();
const fakes = useFakeModels(ctx);
// The same database, a server whose writing model must answer within 50 ms.
const impatient = useSecondApp(ctx, { AI_WRITING_FIRST_TOKEN_MS: '50' });
const { call } = agentApi(ctx);

type Event = { type: string; content?: string; code?: number; msg?: string };

/** The Server-Sent Events of a writing request's answer. */
const eventsOf = (body: string): Event[] =>
  body
    .split('\n\n')
    .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line): line is string => line !== undefined)
    .map((line) => JSON.parse(line.slice('data: '.length)));

/** A document of the owner's personal team, and its owner. */
async function ownDocument() {
  const { db } = ctx.database;
  const owner = await createMember(ctx.app, db);
  const project = await createProject(db, owner);
  const doc = await createDocument(db, project.id, { name: 'Plan' });
  return { owner, project, doc };
}

async function write(token: string, body: Record<string, unknown>, app = ctx.app) {
  const answer = await app.inject({
    method: 'POST',
    url: AI_WRITING_API.write,
    headers: { ...bearer(token), 'accept-language': 'en-US' },
    payload: body,
  });
  const isStream = String(answer.headers['content-type']).startsWith('text/event-stream');
  return {
    status: answer.statusCode,
    events: isStream ? eventsOf(answer.body) : [],
    envelope: isStream ? undefined : answer.json(),
  };
}

const writingDebits = (teamId: number) =>
  ctx.database.db
    .select({ points: pointsLedger.points, reason: pointsLedger.reason, modelId: pointsLedger.modelId })
    .from(pointsLedger)
    .where(
      and(eq(pointsLedger.teamId, teamId), inArray(pointsLedger.reason, ['ai_writing', 'ai_writing_refund'])),
    )
    .orderBy(pointsLedger.id);

async function platformAdmin() {
  const admin = await createMember(ctx.app, ctx.database.db);
  await ctx.database.db.update(users).set({ isSuper: true }).where(eq(users.id, admin.id));
  return admin;
}

const setWritingModel = async (modelId: number | null) => {
  const admin = await platformAdmin();
  const answer = await call('POST', AI_WRITING_API.setWritingModel, admin.token, { model_id: modelId });
  expect(answer.status).toBe(200);
};

describe('AI writing on a selection', () => {
  it.each([
    [{ action: 'rewrite', mode: 'beautify' }, 'Rewrite (beautify)', 'Polish the selected text'],
    [{ action: 'rewrite', mode: 'simplify' }, 'Rewrite (simplify)', 'simpler and shorter'],
    [{ action: 'rewrite', mode: 'expand' }, 'Rewrite (expand)', 'Expand the selected text'],
    [{ action: 'rewrite', mode: 'popularize' }, 'Rewrite (popularize)', 'general reader'],
    [{ action: 'explain' }, 'Explain', 'Explain the selected text'],
    [{ action: 'summary' }, 'Summary', 'Summarize the selected text'],
    [{ action: 'translate', language: 'zh' }, 'Translate into Chinese (Simplified)', 'target language only'],
    [{ action: 'translate', language: 'en' }, 'Translate into English', 'into English'],
    [{ action: 'translate', language: 'ja' }, 'Translate into Japanese', 'into Japanese'],
    [{ action: 'translate', language: 'ko' }, 'Translate into Korean', 'into Korean'],
    [{ action: 'translate', language: 'fr' }, 'Translate into French', 'into French'],
    [{ action: 'translate', language: 'de' }, 'Translate into German', 'into German'],
  ])('%j asks the model for "%s" and streams its answer', async (action, title, instruction) => {
    const { owner, doc } = await ownDocument();
    const before = fakes.server.calls.length;
    const { status, events } = await write(owner.token, {
      doc_id: doc.id,
      ...action,
      text: 'The launch slipped a week.',
      context_before: 'Status of the spring release.',
      context_after: 'Marketing waits for the new date.',
    });
    expect(status).toBe(200);

    const [sent] = fakes.server.calls.slice(before);
    const [system, user] = sent!.body.messages as { role: string; content: string }[];
    expect(system).toMatchObject({ role: 'system' });
    expect(system!.content).toContain(`Task: ${title}`);
    expect(system!.content).toContain(instruction);
    expect(user!.content).toBe(
      '<before>\nStatus of the spring release.\n</before>\n\n' +
        '<selection>\nThe launch slipped a week.\n</selection>\n\n' +
        '<after>\nMarketing waits for the new date.\n</after>',
    );
    expect(sent!.body.model).toBe('fake-chat');

    // Word by word, then the whole answer.
    const deltas = events.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const done = events.at(-1)!;
    expect(done.type).toBe('done');
    expect(done.content).toMatch(
      new RegExp(`^\\*\\*${title.replace(/[()]/g, '\\$&')}\\*\\* \\(\\d+\\) The launch`),
    );
    expect(deltas.map((event) => event.content).join('')).toBe(done.content);
  });

  it('spends the writing model’s points from the document’s team, the chosen model once admins choose one', async () => {
    const { owner, doc } = await ownDocument();
    const { db } = ctx.database;
    await setPointsBalance(db, owner.teamId, 100);
    const body = { doc_id: doc.id, action: 'summary', text: 'Three points.' };

    // The default: the operator's first completion model (3 points a request).
    expect((await write(owner.token, body)).events.at(-1)?.type).toBe('done');
    expect(await pointsBalance(db, owner.teamId)).toBe(97);

    // A dearer model, saved as admins save one (the gateway learns of it).
    const admin = await platformAdmin();
    const saved = await call('POST', MODEL_API.saveModel, admin.token, {
      provider_id: await providerOf(fakes.model.chat),
      name: 'Pricey',
      model_key: 'fake-pricey',
      points_per_request: 7,
      sort: 10,
    });
    const pricey = saved.body.data as { id: number };
    await setWritingModel(pricey.id);
    const seen = await call('GET', AI_WRITING_API.writingModel, owner.token);
    expect(seen.body.data).toEqual({ id: pricey.id, name: 'Pricey', points_per_request: 7 });
    const before = fakes.server.calls.length;
    expect((await write(owner.token, body)).events.at(-1)?.type).toBe('done');
    expect(fakes.server.calls[before]!.body.model).toBe('fake-pricey');
    expect(await pointsBalance(db, owner.teamId)).toBe(90);
    expect(await writingDebits(owner.teamId)).toEqual([
      { points: -3, reason: 'ai_writing', modelId: fakes.model.chat },
      { points: -7, reason: 'ai_writing', modelId: pricey.id },
    ]);

    // A chosen model switched off: the default again.
    await call('POST', MODEL_API.saveModel, admin.token, {
      id: pricey.id,
      provider_id: await providerOf(fakes.model.chat),
      name: 'Pricey',
      model_key: 'fake-pricey',
      enabled: false,
    });
    expect((await call('GET', AI_WRITING_API.writingModel, owner.token)).body.data.id).toBe(fakes.model.chat);
    await setWritingModel(null);
  });

  it('refuses a team without enough points as chat does, and asks no model', async () => {
    const { owner, doc } = await ownDocument();
    const { db } = ctx.database;
    const before = fakes.server.calls.length;
    const body = { doc_id: doc.id, action: 'explain', text: 'Why?' };

    await setPointsBalance(db, owner.teamId, 2);
    const short = await write(owner.token, body);
    expect(short.status).toBe(ERRORS.POINTS_NOT_ENOUGH.status);
    expect(short.envelope).toMatchObject({
      code: ERRORS.POINTS_NOT_ENOUGH.code,
      msg: 'Not enough points. Recharge to continue.',
    });

    await setPointsBalance(db, owner.teamId, 0);
    expect((await write(owner.token, body)).envelope).toMatchObject({ code: ERRORS.QUOTA_EXCEEDED.code });
    expect(fakes.server.calls.length).toBe(before);
    expect(await writingDebits(owner.teamId)).toEqual([]);
  });

  it('lets whoever may read the document ask, and no one else', async () => {
    const { db } = ctx.database;
    const { owner, project, doc } = await ownDocument();
    const body = { doc_id: doc.id, action: 'translate', language: 'fr', text: 'Hello' };

    const viewer = await createMember(ctx.app, db);
    await joinTeam(db, owner.teamId, viewer.id);
    expect((await write(viewer.token, body)).envelope).toMatchObject({
      code: ERRORS.DOCUMENT_NOT_FOUND.code,
    });
    await addProjectMember(db, project.id, viewer.id, 'viewer');
    expect((await write(viewer.token, body)).events.at(-1)).toMatchObject({ type: 'done' });

    const outsider = await createMember(ctx.app, db);
    const refused = await write(outsider.token, body);
    expect(refused.status).toBe(404);
    expect(refused.envelope).toMatchObject({ code: ERRORS.DOCUMENT_NOT_FOUND.code });

    const anonymous = await ctx.app.inject({ method: 'POST', url: AI_WRITING_API.write, payload: body });
    expect(anonymous.statusCode).toBe(401);
    // The viewer's request was paid by the document's team, not the viewer's own.
    expect(await writingDebits(owner.teamId)).toHaveLength(1);
    expect(await writingDebits(viewer.teamId)).toEqual([]);
  });

  it('names the missing rewrite mode or target language, and refuses a selection too long', async () => {
    const { owner, doc } = await ownDocument();
    const rewrite = await write(owner.token, { doc_id: doc.id, action: 'rewrite', text: 'x' });
    expect(rewrite.status).toBe(400);
    expect(JSON.stringify(rewrite.envelope)).toContain('mode');
    const translate = await write(owner.token, {
      doc_id: doc.id,
      action: 'translate',
      text: 'x',
      language: 'xx',
    });
    expect(translate.status).toBe(400);
    expect(JSON.stringify(translate.envelope)).toContain('language');
    const long = await write(owner.token, { doc_id: doc.id, action: 'summary', text: 'x'.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(await writingDebits(owner.teamId)).toEqual([]);
  });

  it('ends as a timeout without a first token in time, and gives the points back', async () => {
    const { owner, doc } = await ownDocument();
    await setWritingModel(fakes.model.slow);
    try {
      const { events } = await write(
        owner.token,
        { doc_id: doc.id, action: 'summary', text: 'Slowly.' },
        impatient.app,
      );
      expect(events.at(-1)).toEqual({
        type: 'error',
        code: ERRORS.ANSWER_TIMEOUT.code,
        msg: 'The answer timed out. Please retry later.',
      });
      expect(events.some((event) => event.type === 'delta')).toBe(false);
      expect(await writingDebits(owner.teamId)).toEqual([
        { points: -3, reason: 'ai_writing', modelId: fakes.model.slow },
        { points: 3, reason: 'ai_writing_refund', modelId: fakes.model.slow },
      ]);
    } finally {
      await setWritingModel(null);
    }
  });

  it('keeps the points spent when the user aborts midway, as chat’s Stop does', async () => {
    const { owner, doc } = await ownDocument();
    await setWritingModel(fakes.model.slow);
    try {
      if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const client = request({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: AI_WRITING_API.write,
        agent: false,
        headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      });
      const firstChunk = new Promise<string>((resolve) =>
        client.on('response', (response) => response.once('data', (chunk) => resolve(String(chunk)))),
      );
      const before = fakes.server.calls.length;
      client.end(
        JSON.stringify({
          doc_id: doc.id,
          action: 'rewrite',
          mode: 'expand',
          text: 'one two three four five six',
        }),
      );
      expect(await firstChunk).toContain('event: delta');
      client.destroy();
      await vi.waitFor(() => expect(fakes.server.calls.length).toBe(before + 1));
      // Time for a refund, were there one.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await writingDebits(owner.teamId)).toEqual([
        { points: -3, reason: 'ai_writing', modelId: fakes.model.slow },
      ]);
    } finally {
      await setWritingModel(null);
    }
  });

  it('says so when the model fails, and gives the points back', async () => {
    const { owner, doc } = await ownDocument();
    await setWritingModel(fakes.model.fail);
    try {
      const { events } = await write(owner.token, { doc_id: doc.id, action: 'explain', text: 'Fail.' });
      expect(events.at(-1)).toMatchObject({ type: 'error', code: ERRORS.SYSTEM_BUSY.code });
      expect((await writingDebits(owner.teamId)).map((row) => row.points)).toEqual([-3, 3]);
    } finally {
      await setWritingModel(null);
    }
  });
});

async function providerOf(modelId: number) {
  const [row] = await ctx.database.db
    .select({ providerId: models.providerId })
    .from(models)
    .where(eq(models.id, modelId));
  return row?.providerId;
}

describe('choosing the writing model', () => {
  it('is for platform admins, among usable completion models', async () => {
    const member = await createMember(ctx.app, ctx.database.db);
    const refused = await call('POST', AI_WRITING_API.setWritingModel, member.token, {
      model_id: fakes.model.slow,
    });
    expect(refused.status).toBe(403);
    expect((await call('GET', AI_WRITING_API.adminWritingModel, member.token)).status).toBe(403);

    const admin = await platformAdmin();
    const unusable = await call('POST', AI_WRITING_API.setWritingModel, admin.token, {
      model_id: fakes.model.embedding,
    });
    expect(unusable.body.code).toBe(ERRORS.WRITING_MODEL_UNAVAILABLE.code);
    expect(
      (await call('POST', AI_WRITING_API.setWritingModel, admin.token, { model_id: 999_999 })).body.code,
    ).toBe(ERRORS.MODEL_NOT_FOUND.code);

    const initial = await call('GET', AI_WRITING_API.adminWritingModel, admin.token);
    expect(initial.body.data).toMatchObject({ chosen_id: null, effective: { id: fakes.model.chat } });
    await call('POST', AI_WRITING_API.setWritingModel, admin.token, { model_id: fakes.model.slow });
    const chosen = await call('GET', AI_WRITING_API.adminWritingModel, admin.token);
    expect(chosen.body.data).toMatchObject({
      chosen_id: fakes.model.slow,
      effective: { id: fakes.model.slow },
    });
    await call('POST', AI_WRITING_API.setWritingModel, admin.token, { model_id: null });
  });
});
