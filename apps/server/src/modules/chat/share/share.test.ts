import { deflateSync } from 'node:zlib';
import { uploadedFileUrl } from '@tandem/contract/api';
import { ERRORS } from '@tandem/contract/errors';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useFakeModels } from '../../../../test/agents.ts';
import { chatApi } from '../../../../test/chat.ts';
import { bearer, uniqueIp } from '../../../../test/factories.ts';
import { pdfText } from '../../../../test/pdf-text.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { chatMessages } from '../../../db/schema.ts';

const ctx = useTestApp();
const fakes = useFakeModels(ctx);
const { call, data, person, team, publishedAgent, messagesOf, settledReply } = chatApi(ctx, fakes);

const SHARE = '/api/chat/share-conversation';
const SHARES = '/api/chat/get-conversation-shares';
const REVOKE = '/api/chat/revoke-share';
const SHARED = '/api/chat/get-shared-conversation';
const CONTINUE = '/api/chat/continue-shared';
const EXPORT = '/api/chat/export-conversation-pdf';

/** A team whose owner chats with a published agent open to every member; answers the first conversation. */
async function sharedChat(first = 'Where is Kyoto?') {
  const teamOf = await team();
  const created = await publishedAgent(teamOf.owner.token, 'chat', {
    name: 'Travel Guide',
    access: 'team_public',
  });
  const conversationId = await say(teamOf.owner.token, { agent_id: created.agentId }, first);
  return { ...teamOf, ...created, conversationId };
}

/** Sends a message and waits for its reply to finish; answers the conversation. */
async function say(
  token: string,
  where: { agent_id: number } | { conversation_id: string },
  content: string,
) {
  const sent = await data('POST', '/api/chat/agent-send-message', token, { ...where, content });
  await settledReply(token, sent.conversation_id);
  return sent.conversation_id as string;
}

const share = async (token: string, conversationId: string) =>
  (await data('POST', SHARE, token, { conversation_id: conversationId })) as {
    share_code: string;
    url: string;
    message_count: number;
  };

/** The public read, from an address of its own so the rate limit of one test does not reach another. */
const readShared = (code: string, remoteAddress = uniqueIp()) =>
  ctx.app
    .inject({ method: 'GET', url: `${SHARED}?share_code=${code}`, remoteAddress })
    .then((answer) => ({ status: answer.statusCode, body: answer.json() }));

async function exportPdf(token: string, conversationId: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'GET',
    url: `${EXPORT}?conversation_id=${conversationId}&time_zone=Asia/Tokyo`,
    headers: { ...bearer(token), ...headers },
  });
}

describe('sharing a conversation', () => {
  it('gives an unguessable link whose public page shows the messages finished when it was made', async () => {
    const { owner, agentKey, conversationId } = await sharedChat();
    const link = await share(owner.token, conversationId);
    expect(link.share_code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.url).toMatch(new RegExp(`^http://localhost(:\\d+)?/chat-share/${link.share_code}$`));
    expect(link.message_count).toBe(2);

    // Said after sharing: not in the share.
    await say(owner.token, { conversation_id: conversationId }, 'And Osaka?');
    const read = await readShared(link.share_code);
    expect(read.status).toBe(200);
    const shared = read.body.data;
    expect(shared).toMatchObject({
      title: 'Where is Kyoto?',
      agent: { name: 'Travel Guide', avatar: expect.any(String), agent_key: agentKey },
      total: 2,
    });
    expect(new Date(shared.shared_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(shared.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'Where is Kyoto?'],
      ['assistant', 'Echo: Where is Kyoto?'],
    ]);
    // Only what was said and when: no ids, no people, no points.
    expect(Object.keys(shared.messages[0]).sort()).toEqual([
      'attachments',
      'content',
      'created_at',
      'reasoning',
      'role',
    ]);
    expect(Object.keys(shared).sort()).toEqual([
      'agent',
      'markdown',
      'messages',
      'shared_at',
      'title',
      'total',
    ]);
  });

  it('keeps a reply in the share after it is regenerated, and shows none of the new one', async () => {
    const { owner, conversationId } = await sharedChat('Plan a day in Nara');
    const link = await share(owner.token, conversationId);
    await data('POST', '/api/chat/agent-send-message', owner.token, {
      conversation_id: conversationId,
      regenerate: true,
    });
    await settledReply(owner.token, conversationId);
    const shared = (await readShared(link.share_code)).body.data;
    expect(shared.messages.map((m: { content: string }) => m.content)).toEqual([
      'Plan a day in Nara',
      'Echo: Plan a day in Nara',
    ]);
    expect((await messagesOf(owner.token, conversationId)).length).toBe(2);
  });

  it('gives a new code each time, lists the active links and revokes one, which then answers 404', async () => {
    const { owner, conversationId } = await sharedChat();
    const first = await share(owner.token, conversationId);
    const second = await share(owner.token, conversationId);
    expect(second.share_code).not.toBe(first.share_code);
    const list = await data('GET', `${SHARES}?conversation_id=${conversationId}`, owner.token);
    expect(list.total).toBe(2);
    expect(list.data.map((row: { share_code: string }) => row.share_code)).toEqual([
      second.share_code,
      first.share_code,
    ]);
    expect(list.data[0]).toMatchObject({ url: second.url, message_count: 2 });

    expect(await data('POST', REVOKE, owner.token, { share_code: first.share_code })).toBeNull();
    const after = await data('GET', `${SHARES}?conversation_id=${conversationId}&page_size=1`, owner.token);
    expect(after).toMatchObject({ total: 1, data: [{ share_code: second.share_code }] });
    const revoked = await readShared(first.share_code);
    expect(revoked.status).toBe(404);
    expect(revoked.body.code).toBe(ERRORS.SHARE_NOT_FOUND.code);
    expect(revoked.body.msg).toBeTruthy();
    const again = await call('POST', REVOKE, owner.token, { share_code: first.share_code });
    expect([again.status, again.body.code]).toEqual([404, ERRORS.SHARE_NOT_FOUND.code]);
    expect((await readShared(second.share_code)).status).toBe(200);
  });

  it('answers 404 for an unknown code and for a deleted conversation, 400 for a malformed code', async () => {
    const { owner, conversationId } = await sharedChat();
    const link = await share(owner.token, conversationId);
    const unknown = await readShared('A'.repeat(32));
    expect([unknown.status, unknown.body.code]).toEqual([404, ERRORS.SHARE_NOT_FOUND.code]);
    expect((await readShared('short')).status).toBe(400);

    await data('POST', '/api/chat/delete-conversation', owner.token, { conversation_id: conversationId });
    const gone = await readShared(link.share_code);
    expect([gone.status, gone.body.code]).toEqual([404, ERRORS.SHARE_NOT_FOUND.code]);
  });

  it('lets only the owner share, list, revoke and export; anyone else finds nothing', async () => {
    const { owner, member, conversationId } = await sharedChat();
    const link = await share(owner.token, conversationId);
    const teammate = await member();
    const stranger = await person();
    for (const other of [teammate, stranger]) {
      const shared = await call('POST', SHARE, other.token, { conversation_id: conversationId });
      expect([shared.status, shared.body.code]).toEqual([404, ERRORS.CONVERSATION_NOT_FOUND.code]);
      const listed = await call('GET', `${SHARES}?conversation_id=${conversationId}`, other.token);
      expect([listed.status, listed.body.code]).toEqual([404, ERRORS.CONVERSATION_NOT_FOUND.code]);
      const revoked = await call('POST', REVOKE, other.token, { share_code: link.share_code });
      expect([revoked.status, revoked.body.code]).toEqual([404, ERRORS.SHARE_NOT_FOUND.code]);
      const exported = await exportPdf(other.token, conversationId);
      expect([exported.statusCode, exported.json().code]).toEqual([404, ERRORS.CONVERSATION_NOT_FOUND.code]);
    }
    expect((await readShared(link.share_code)).status).toBe(200);
    // Without a session: 401 before anything is looked up.
    for (const [method, url, payload] of [
      ['POST', SHARE, { conversation_id: conversationId }],
      ['GET', `${SHARES}?conversation_id=${conversationId}`, undefined],
      ['POST', REVOKE, { share_code: link.share_code }],
      ['POST', CONTINUE, { share_code: link.share_code }],
      ['GET', `${EXPORT}?conversation_id=${conversationId}`, undefined],
    ] as const) {
      expect((await call(method, url, undefined, payload)).status).toBe(401);
    }
  });

  it('refuses to share a conversation with no finished message yet', async () => {
    const { owner, agentId } = await sharedChat();
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: agentId,
      content: 'x',
    });
    await settledReply(owner.token, sent.conversation_id);
    await ctx.database.db
      .update(chatMessages)
      .set({ status: 'failed' })
      .where(eq(chatMessages.conversationId, sent.conversation_id));
    const refused = await call('POST', SHARE, owner.token, { conversation_id: sent.conversation_id });
    expect([refused.status, refused.body.code]).toEqual([409, ERRORS.SHARE_NOTHING_YET.code]);
  });

  it('limits the public read per address', async () => {
    const { owner, conversationId } = await sharedChat();
    const link = await share(owner.token, conversationId);
    const address = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await readShared(link.share_code, address)).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    const limited = await readShared(link.share_code, address);
    expect([limited.status, limited.body.code]).toEqual([429, ERRORS.RATE_LIMITED.code]);
  });
});

describe('continuing a shared conversation', () => {
  it('copies the shared messages into a new conversation of a user allowed to use the agent', async () => {
    const { owner, member, agentId, agentKey, conversationId } = await sharedChat();
    const link = await share(owner.token, conversationId);
    await say(owner.token, { conversation_id: conversationId }, 'Not shared');
    const teammate = await member();

    const copy = await data('POST', CONTINUE, teammate.token, { share_code: link.share_code });
    expect(copy).toMatchObject({ agent_key: agentKey, title: 'Where is Kyoto?' });
    expect(copy.conversation_id).not.toBe(conversationId);
    const copied = await messagesOf(teammate.token, copy.conversation_id);
    expect(copied.map((m) => [m.role, m.content, m.status, m.points])).toEqual([
      ['user', 'Where is Kyoto?', 'done', 0],
      ['assistant', 'Echo: Where is Kyoto?', 'done', 0],
    ]);
    const list = await data('GET', `/api/chat/get-conversation-list?agent_id=${agentId}`, teammate.token);
    expect(list.data.map((row: { conversation_id: string }) => row.conversation_id)).toEqual([
      copy.conversation_id,
    ]);
    // The copy is the teammate's own: they go on with it, and a regenerated reply replaces the copied one.
    await data('POST', '/api/chat/agent-send-message', teammate.token, {
      conversation_id: copy.conversation_id,
      regenerate: true,
    });
    await settledReply(teammate.token, copy.conversation_id);
    const after = await messagesOf(teammate.token, copy.conversation_id);
    expect(after.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(after[1]!.id).not.toBe(copied[1]!.id);
    // The owner's conversation is untouched.
    expect((await messagesOf(owner.token, conversationId)).length).toBe(4);
  });

  it('refuses a user who may not use the agent, with its own code', async () => {
    const { owner, conversationId } = await sharedChat();
    const link = await share(owner.token, conversationId);
    const stranger = await person();
    const refused = await call('POST', CONTINUE, stranger.token, { share_code: link.share_code });
    expect([refused.status, refused.body.code]).toEqual([409, ERRORS.SHARE_AGENT_UNAVAILABLE.code]);
    const unknown = await call('POST', CONTINUE, stranger.token, { share_code: 'B'.repeat(32) });
    expect([unknown.status, unknown.body.code]).toEqual([404, ERRORS.SHARE_NOT_FOUND.code]);
  });
});

/** A 2x2 RGB PNG, made here so the test needs no fixture. */
function smallPng() {
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, body: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type), body]);
    const out = Buffer.alloc(body.length + 12);
    out.writeUInt32BE(body.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc(typed), body.length + 8);
    return out;
  };
  const header = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 255]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadImage(token: string, bytes: Buffer) {
  const boundary = '----share-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="map.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload/upload_img',
    payload,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return answer.json().data.id as string;
}

describe('exporting a conversation to PDF', () => {
  const chinese = '京都有很多古老的寺庙。';
  const traditional = '臺灣的夜市非常熱鬧。';
  const japanese = '京都の紅葉はとても美しいです。';

  it('answers a PDF attachment whose text holds every message, in Chinese and Japanese too', async () => {
    const { owner, conversationId } = await sharedChat(chinese);
    await say(owner.token, { conversation_id: conversationId }, traditional);
    await say(owner.token, { conversation_id: conversationId }, japanese);
    const answer = await exportPdf(owner.token, conversationId, { 'accept-language': 'ja-JP' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; /);
    expect(answer.headers['content-disposition']).toContain(encodeURIComponent(`${chinese}.pdf`));
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Only the glyphs used are embedded: a few pages stay small although the font is 10 MB.
    expect(answer.rawPayload.length).toBeLessThan(150_000);

    const text = await pdfText(answer.rawPayload);
    for (const sentence of [chinese, traditional, japanese]) {
      expect(text).toContain(sentence);
      expect(text).toContain(`Echo: ${sentence}`);
    }
    expect(text).toContain('Travel Guide');
    // The reader's language for the labels.
    expect(text).toContain('あなた');
  });

  it('shows a question’s images to those with the link', async () => {
    const { owner, conversationId } = await sharedChat('What is in this picture?');
    const imageId = await uploadImage(owner.token, smallPng());
    await ctx.database.db
      .update(chatMessages)
      .set({ attachments: [imageId] })
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.role, 'user')));
    const link = await share(owner.token, conversationId);
    const [question] = (await readShared(link.share_code)).body.data.messages;
    expect(question.attachments).toEqual([uploadedFileUrl(imageId)]);
    const image = await ctx.app.inject({ method: 'GET', url: question.attachments[0] });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('renders Markdown replies (headings, emphasis, lists, code, tables, links) and attached images', async () => {
    const { owner, conversationId } = await sharedChat('Show me a plan');
    const imageId = await uploadImage(owner.token, smallPng());
    const [question] = await ctx.database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(chatMessages.id)
      .limit(1);
    await ctx.database.db
      .update(chatMessages)
      .set({ attachments: [imageId] })
      .where(eq(chatMessages.id, question!.id));
    await ctx.database.db.insert(chatMessages).values({
      conversationId,
      role: 'assistant',
      status: 'done',
      content: [
        '# Day plan',
        '',
        'A **bold** start and an *easy* walk, see [the map](https://example.com/map).',
        '',
        '1. Fushimi Inari',
        '2. Kiyomizu-dera',
        '   - take the bus',
        '',
        '```js',
        'const stops = 3; // 三个地点',
        '```',
        '',
        '| Stop | Time |',
        '| --- | --- |',
        '| Gion | 18:00 |',
        '',
        '> Bring cash.',
      ].join('\n'),
    });
    const answer = await exportPdf(owner.token, conversationId);
    expect(answer.statusCode).toBe(200);
    const text = await pdfText(answer.rawPayload);
    for (const piece of [
      'Day plan',
      // The emphasised words are slanted pieces of their own, which the extraction runs together.
      'A bold start and an',
      'easy walk, see the map.',
      'Fushimi Inari',
      'Kiyomizu-dera',
      'take the bus',
      'const stops = 3; // 三个地点',
      'Stop',
      'Gion',
      '18:00',
      'Bring cash.',
    ]) {
      expect(text).toContain(piece);
    }
    expect(text).not.toContain('**');
    expect(text).not.toContain('| ---');
    expect(answer.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect(answer.rawPayload.toString('latin1')).toContain('https://example.com/map');
  });
});
