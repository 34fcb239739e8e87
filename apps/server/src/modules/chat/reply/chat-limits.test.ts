import { ERRORS } from '@tandem/contract/errors';
import { describe, expect, it } from 'vitest';
import { useFakeModels } from '../../../../test/agents.ts';
import { chatApi } from '../../../../test/chat.ts';
import { useTestApp } from '../../../../test/test-app.ts';

describe('a reply slower than LLM_TIMEOUT_MS', () => {
  /** A server whose models must answer within a second. */
  const ctx = useTestApp({ LLM_TIMEOUT_MS: '1000' });
  const fakes = useFakeModels(ctx);
  const { data, balanceOf, chatSetup, settledReply } = chatApi(ctx, fakes);

  it('fails with answer timeout (2006) and gives the points back', async () => {
    const { owner, agentId } = await chatSetup('slow');
    const words = Array.from({ length: 15 }, (_, i) => `word${i}`).join(' ');
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: agentId,
      content: words,
    });
    const last = await settledReply(owner.token, sent.conversation_id);
    expect(last).toMatchObject({ status: 'failed', error_code: ERRORS.ANSWER_TIMEOUT.code });
    expect(await balanceOf(owner.token)).toBe(1000);
  });
});

describe('a team with as many replies running as CHAT_TEAM_MAX_REPLIES', () => {
  /**
   * A team may have two replies running, and each runs for about 6 s (40 slow words) with no answer
   * timeout near, so none ends by itself while the test counts them, however busy the machine is.
   */
  const ctx = useTestApp({ CHAT_TEAM_MAX_REPLIES: '2' });
  const fakes = useFakeModels(ctx);
  const { call, data, balanceOf, chatSetup } = chatApi(ctx, fakes);
  const longMessage = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');

  it('answers system busy (2005, 503) to one more, charging nothing, until one ends', async () => {
    const { owner, agentId } = await chatSetup('slow');
    const send = () =>
      call('POST', '/api/chat/agent-send-message', owner.token, { agent_id: agentId, content: longMessage });
    const answers = await Promise.all([send(), send(), send()]);
    const codes = answers.map((a) => a.body.code as number).sort((a, b) => a - b);
    expect(codes).toEqual([0, 0, ERRORS.SYSTEM_BUSY.code]);
    const busy = answers.filter((a) => a.body.code === ERRORS.SYSTEM_BUSY.code);
    expect(busy[0]!.status).toBe(503);
    expect(await balanceOf(owner.token)).toBe(1000 - 2 * 3);
    const started = answers
      .filter((a) => a.body.code === 0)
      .map((a) => a.body.data.conversation_id as string);
    await data('POST', '/api/chat/stop-message', owner.token, { conversation_id: started[0] });
    expect((await send()).body.code).toBe(0);
  });
});

describe("a new team's first sends, many at once", () => {
  const ctx = useTestApp();
  const fakes = useFakeModels(ctx);
  const { call, balanceOf, chatSetup } = chatApi(ctx, fakes);

  /**
   * The first send finds no points row and makes it; one that ran beside it could find no row to debit
   * and then, read a moment later, a full one, and was refused "not enough points" (seen on PostgreSQL
   * in CI as a team of 1,000 points charged for one reply of two).
   */
  it('are all answered and all charged, however they interleave', async () => {
    for (let round = 0; round < 4; round++) {
      const { owner, agentId } = await chatSetup();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call('POST', '/api/chat/agent-send-message', owner.token, {
            agent_id: agentId,
            content: `Hello ${i}`,
          }),
        ),
      );
      expect(answers.map((answer) => answer.body.code)).toEqual(Array(8).fill(0));
      expect(await balanceOf(owner.token)).toBe(1000 - 8 * 3);
    }
  });
});
