import { maskEmail } from '@tandem/contract/contact-mask';
import { LOCALES } from '@tandem/contract/i18n';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { agentMembers, agents } from '../../db/schema.ts';

const ctx = useTestApp();
const { call, data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);

const detail = (token: string, id: number) => data('GET', `/api/agent/get-agent-info?id=${id}`, token);

describe('creating and saving drafts', () => {
  it('creates a blank draft in the caller’s current team, owned by them, team private', async () => {
    const { owner, teamId } = await team();
    const { id, key } = await agent(owner.token);
    expect(key).toMatch(/^[\w-]{16}$/);
    const info = await detail(owner.token, id);
    expect(info).toMatchObject({
      id,
      agent_key: key,
      team_id: teamId,
      status: 'draft',
      access: 'team_private',
      published: null,
      has_unpublished_changes: false,
      my_role: 'owner',
      // The owner reads their own address whole; others see it masked (hub.test.ts).
      owner: { user_id: owner.id, name: owner.email },
      model: null,
    });
    expect(info.abilities).toEqual({
      use: false,
      edit: true,
      publish: true,
      share: true,
      manage_members: true,
      analyse: true,
      delete: true,
      transfer: true,
    });
    expect(info.draft).toMatchObject({
      name: '',
      markdown: true,
      params: { preset: 'neutral', temperature: 0.7 },
    });
  });

  it('creates from a template in the caller’s language, and refuses an unknown template', async () => {
    const { owner } = await team();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/agent/create-agent',
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'ja-JP' },
      payload: { template_id: 'translator' },
    });
    const info = await detail(owner.token, created.json().data.id);
    expect(info.draft).toMatchObject({ name: '翻訳者', params: { preset: 'accurate', temperature: 0.1 } });
    expect(info.draft.prompt).toContain('翻訳');
    const unknown = await call('POST', '/api/agent/create-agent', owner.token, { template_id: 'nope' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 2115 } });
  });

  it('saves the draft whole, and names each field that is wrong', async () => {
    const { owner } = await team();
    const { id } = await agent(owner.token);
    const saved = await data('POST', '/api/agent/update-agent', owner.token, {
      id,
      config: { name: '  Planner  ', prompt: 'Plan.\n\nCarefully.', model_id: fakes.model.chat },
    });
    expect(saved).toMatchObject({ id, status: 'draft', published_at: null });
    const info = await detail(owner.token, id);
    expect(info.draft).toMatchObject({ name: 'Planner', prompt: 'Plan.\n\nCarefully.', description: '' });
    expect(info.model).toEqual({
      id: fakes.model.chat,
      name: 'Fake fake-chat',
      points_per_request: 3,
      supports_images: false,
      available: true,
    });

    const invalid = await call('POST', '/api/agent/update-agent', owner.token, {
      id,
      config: { name: 'x'.repeat(51), params: { temperature: 5 }, avatar: 'https://evil.example/a.png' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe(1001);
    expect(invalid.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'config.avatar',
      'config.name',
      'config.params.temperature',
    ]);
    const unknownModel = await call('POST', '/api/agent/update-agent', owner.token, {
      id,
      config: { model_id: 999_999, knowledge_ids: [1] },
    });
    expect(unknownModel.body.data.fields).toEqual([
      { field: 'config.model_id', message: 'unknown model' },
      { field: 'config.knowledge_ids', message: 'unknown knowledge base' },
    ]);
  });
});

describe('templates', () => {
  it('offers at least six templates, each fully written in all four languages', async () => {
    const { owner } = await team();
    const byLocale = new Map<string, { id: string; name: string; config: Record<string, string> }[]>();
    for (const locale of LOCALES) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/agent/get-agent-templates',
        headers: { authorization: `Bearer ${owner.token}`, cookie: `locale=${locale}` },
      });
      byLocale.set(locale, answer.json().data);
    }
    const english = byLocale.get('en-US')!;
    expect(english.length).toBeGreaterThanOrEqual(6);
    expect(english.map((t) => t.id)).toEqual(
      expect.arrayContaining(['writing-assistant', 'translator', 'code-reviewer', 'sql-helper']),
    );
    for (const [locale, templates] of byLocale) {
      expect(templates.map((t) => t.id)).toEqual(english.map((t) => t.id));
      for (const template of templates) {
        for (const field of ['name', 'description', 'prompt', 'first_question', 'greeting']) {
          expect(template.config[field], `${locale} ${template.id} ${field}`).not.toBe('');
        }
      }
    }
    const names = (locale: string) => byLocale.get(locale)!.map((t) => t.name);
    expect(new Set([...LOCALES].map((locale) => names(locale).join()))).toHaveProperty('size', 4);
    expect(names('zh-CN')).toContain('翻译官');
    expect(names('zh-TW')).toContain('翻譯官');
  });
});

describe('publishing', () => {
  it('refuses to publish until every required field and a usable model are there, each with its code', async () => {
    const { owner } = await team();
    const { id } = await agent(owner.token, { name: 'Half done' });
    const refused = await call('POST', '/api/agent/publish-agent', owner.token, { id });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(2102);
    expect(refused.body.msg).toBe('Save failed: required configuration is missing.');
    expect(refused.body.data.fields).toEqual([
      { field: 'avatar', message: 'required', code: 2105 },
      { field: 'description', message: 'required', code: 2106 },
      { field: 'prompt', message: 'required', code: 2107 },
      { field: 'first_question', message: 'required', code: 2108 },
      { field: 'model_id', message: 'required', code: 2109 },
    ]);
    for (const unusable of [fakes.model.disabled, fakes.model.embedding]) {
      await data('POST', '/api/agent/update-agent', owner.token, { id, config: completeConfig(unusable) });
      const answer = await call('POST', '/api/agent/publish-agent', owner.token, { id });
      expect(answer.body.data.fields).toEqual([{ field: 'model_id', message: 'unavailable', code: 2007 }]);
    }
    expect((await detail(owner.token, id)).model).toMatchObject({
      id: fakes.model.embedding,
      available: false,
    });
  });

  it('keeps serving the published configuration while the draft changes, until published again', async () => {
    const { owner } = await team();
    const { id } = await agent(owner.token, completeConfig(fakes.model.chat, 'First Release'));
    const published = await data('POST', '/api/agent/publish-agent', owner.token, { id });
    expect(published).toMatchObject({ status: 'published', published_at: expect.any(String) });

    await data('POST', '/api/agent/update-agent', owner.token, {
      id,
      config: { ...completeConfig(fakes.model.chat, 'Second Draft'), prompt: 'Changed prompt.' },
    });
    const info = await detail(owner.token, id);
    expect(info.published).toMatchObject({ name: 'First Release', prompt: 'You write short release notes.' });
    expect(info.draft).toMatchObject({ name: 'Second Draft', prompt: 'Changed prompt.' });
    expect(info.has_unpublished_changes).toBe(true);
    const hub = await data('GET', '/api/agent/get-agent-list?tab=mine', owner.token);
    expect(hub.data[0]).toMatchObject({ id, name: 'First Release' });

    await data('POST', '/api/agent/publish-agent', owner.token, { id });
    const again = await detail(owner.token, id);
    expect(again.published).toMatchObject({ name: 'Second Draft' });
    expect(again.has_unpublished_changes).toBe(false);
  });

  it('unpublishes back to a draft and drops the released configuration', async () => {
    const { owner } = await team();
    const { id } = await agent(owner.token, completeConfig(fakes.model.chat));
    await data('POST', '/api/agent/publish-agent', owner.token, { id });
    expect(await data('POST', '/api/agent/unpublish-agent', owner.token, { id })).toMatchObject({
      status: 'draft',
      published_at: null,
    });
    expect((await detail(owner.token, id)).published).toBeNull();
    const again = await call('POST', '/api/agent/unpublish-agent', owner.token, { id });
    expect(again).toMatchObject({ status: 409, body: { code: 2110 } });
  });

  it('takes a published agent off the shelf and back, and refuses the moves that make no sense', async () => {
    const { owner } = await team();
    const { id } = await agent(owner.token, completeConfig(fakes.model.chat));
    expect((await call('POST', '/api/agent/off-shelf-agent', owner.token, { id })).body.code).toBe(2110);
    await data('POST', '/api/agent/publish-agent', owner.token, { id });
    expect((await call('POST', '/api/agent/on-shelf-agent', owner.token, { id })).body.code).toBe(2110);
    expect(await data('POST', '/api/agent/off-shelf-agent', owner.token, { id })).toMatchObject({
      status: 'off_shelf',
    });
    const info = await detail(owner.token, id);
    expect(info.published).not.toBeNull();
    expect(info.abilities.use).toBe(false);
    expect(await data('POST', '/api/agent/on-shelf-agent', owner.token, { id })).toMatchObject({
      status: 'published',
    });
  });

  it('lets nothing change the status of a disabled agent', async () => {
    const { owner } = await team();
    const { id } = await agent(owner.token, completeConfig(fakes.model.chat));
    await ctx.database.db.update(agents).set({ status: 'disabled' }).where(eq(agents.id, id));
    for (const path of ['publish-agent', 'unpublish-agent', 'off-shelf-agent', 'on-shelf-agent']) {
      expect((await call('POST', `/api/agent/${path}`, owner.token, { id })).body.code).toBe(2111);
    }
  });
});

describe('access and the public page', () => {
  it('keeps valid embed origins, normalised and once each, and refuses anything else', async () => {
    const { owner } = await team();
    const { id } = await agent(owner.token);
    const saved = await data('POST', '/api/agent/set-agent-access', owner.token, {
      id,
      access: 'web_public',
      embed_origins: ['https://Docs.Example.com/', 'http://localhost:8080', 'https://docs.example.com'],
    });
    expect(saved).toEqual({
      access: 'web_public',
      embed_origins: ['https://docs.example.com', 'http://localhost:8080'],
    });
    const bad = await call('POST', '/api/agent/set-agent-access', owner.token, {
      id,
      access: 'web_public',
      embed_origins: ['https://example.com/page', 'ftp://example.com', 'https://user@example.com'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.map((f: { field: string }) => f.field)).toEqual([
      'embed_origins.0',
      'embed_origins.1',
      'embed_origins.2',
    ]);
    expect((await detail(owner.token, id)).embed_origins).toEqual(saved.embed_origins);
  });

  it('shows visitors a web-public agent’s public face only, and asks them to sign in for a team agent', async () => {
    const { owner } = await team();
    const { id, key } = await agent(owner.token, completeConfig(fakes.model.chat, 'Open Helper'));
    const url = `/api/agent/get-public-agent-info?agent_key=${key}`;
    expect((await call('GET', url)).body.code).toBe(1010);
    await data('POST', '/api/agent/set-agent-access', owner.token, { id, access: 'web_public' });
    expect((await call('GET', url)).status).toBe(404);

    await data('POST', '/api/agent/publish-agent', owner.token, { id });
    const visitor = await call('GET', url);
    expect(visitor.body.data).toEqual({
      id,
      agent_key: key,
      name: 'Open Helper',
      avatar: '/api/upload/files/avatar-1.png',
      description: 'Turns merged pull requests into release notes.',
      greeting: 'Hello! Paste the changes.',
      first_question: 'What changed this week?',
      markdown: true,
      suggest_questions: false,
      points_per_request: 3,
      supports_images: false,
      can_edit: false,
      is_default: false,
    });
    expect((await data('GET', url, owner.token)).can_edit).toBe(true);

    await data('POST', '/api/agent/off-shelf-agent', owner.token, { id });
    expect((await call('GET', url)).body.code).toBe(2009);
    await data('DELETE', '/api/agent/delete-agent', owner.token, { id });
    expect((await call('GET', url)).body.code).toBe(2008);
    expect((await call('GET', '/api/agent/get-public-agent-info?agent_key=unknown-key-1')).body.code).toBe(
      2103,
    );
  });
});

describe('members', () => {
  it('adds team members with a permission, changes and removes them, and refuses outsiders and the owner', async () => {
    const { owner, member } = await team();
    const ann = await member();
    const bob = await member();
    const outsider = (await team('Elsewhere Inc')).owner;
    const { id } = await agent(owner.token);

    expect(
      await data('POST', '/api/agent/add-agent-members', owner.token, {
        id,
        user_ids: [ann.id, bob.id],
        permission: 'viewer',
      }),
    ).toEqual({ count: 2 });
    await data('POST', '/api/agent/update-agent-member', owner.token, {
      id,
      user_id: ann.id,
      permission: 'editor',
    });
    const list = await data('GET', `/api/agent/get-agent-members?id=${id}`, owner.token);
    expect(list.total).toBe(2);
    expect(list.data.map((m: { user_id: number; permission: string }) => [m.user_id, m.permission])).toEqual([
      [ann.id, 'editor'],
      [bob.id, 'viewer'],
    ]);
    // Editors read this list too: no one's whole address leaves through it.
    expect(list.data[0]).toMatchObject({ email: maskEmail(ann.email), name: maskEmail(ann.email) });

    const withOutsider = await call('POST', '/api/agent/add-agent-members', owner.token, {
      id,
      user_ids: [bob.id, outsider.id],
      permission: 'admin',
    });
    expect(withOutsider).toMatchObject({ status: 400, body: { code: 2112 } });
    const ownerAsMember = await call('POST', '/api/agent/add-agent-members', owner.token, {
      id,
      user_ids: [owner.id],
      permission: 'viewer',
    });
    expect(ownerAsMember.body.code).toBe(2113);

    await data('DELETE', '/api/agent/remove-agent-member', owner.token, { id, user_id: bob.id });
    const again = await call('DELETE', '/api/agent/remove-agent-member', owner.token, {
      id,
      user_id: bob.id,
    });
    expect(again).toMatchObject({ status: 404, body: { code: 2114 } });
    expect((await data('GET', `/api/agent/get-agent-members?id=${id}`, owner.token)).total).toBe(1);
  });
});

describe('deleting', () => {
  it('drops the configurations and members for good and keeps a tombstone', async () => {
    const { owner, member } = await team();
    const viewer = await member();
    const { id } = await agent(owner.token, completeConfig(fakes.model.chat, 'Short Lived'));
    await data('POST', '/api/agent/add-agent-members', owner.token, {
      id,
      user_ids: [viewer.id],
      permission: 'viewer',
    });
    await data('POST', '/api/agent/publish-agent', owner.token, { id });

    await data('DELETE', '/api/agent/delete-agent', owner.token, { id });
    expect(await call('GET', `/api/agent/get-agent-info?id=${id}`, owner.token)).toMatchObject({
      status: 410,
      body: { code: 2008 },
    });
    const [tombstone] = await ctx.database.db.select().from(agents).where(eq(agents.id, id));
    expect(tombstone).toMatchObject({ name: 'Short Lived', draft: null, published: null, description: '' });
    expect(tombstone?.deletedAt).toBeInstanceOf(Date);
    expect(await ctx.database.db.select().from(agentMembers).where(eq(agentMembers.agentId, id))).toEqual([]);
    // Only the team's default assistant is left of what they own.
    const mine = await data('GET', '/api/agent/get-agent-list?tab=mine', owner.token);
    expect(mine.data.map((card: { is_default: boolean }) => card.is_default)).toEqual([true]);
    expect((await call('DELETE', '/api/agent/delete-agent', owner.token, { id })).body.code).toBe(2008);
  });
});
