import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tandem/contract/errors';
import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../../test/agents.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import type { Db } from '../../../db/client.ts';
import { pointsBalance } from '../../quotas/index.ts';
import { startExchange } from './exchange.ts';

const ctx = useTestApp();
const { data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);

/**
 * The database as a send saw it when another send made the team's points row between the debit and
 * the reading of why there was none: the first call debits nothing and reads a full balance.
 */
function racedDb(db: Db, balance: number): Db {
  let isRaced = false;
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute' || isRaced) return Reflect.get(target, key, receiver);
      return async () => {
        isRaced = true;
        const value = { replyId: null, askedId: null, askedBefore: null, history: [] };
        return { rows: [{ value: { ...value, points: { balance, isCurrent: true } } }] };
      };
    },
  });
}

describe('starting an exchange', () => {
  async function request() {
    const { owner, teamId } = await team();
    const { id } = await agent(owner.token, completeConfig(fakes.model.chat));
    const account = await data('GET', '/api/user/account', owner.token);
    return {
      teamId,
      exchange: {
        conversation: {
          id: randomBytes(12).toString('base64url'),
          isNew: true,
          title: 'Hello',
          userId: account.id as number,
          visitorId: null,
          teamId,
          agentId: id,
        },
        regenerate: false,
        content: 'Hello',
        images: [],
        model: { id: fakes.model.chat, pointsPerRequest: 3 },
        contextWindow: 10,
        ownerId: 'test',
        takeBack: async () => false,
      },
    };
  }

  it('tries again when the points row changed under it, and debits once', async () => {
    const { teamId, exchange } = await request();
    const { db } = ctx.database;
    const started = await startExchange(racedDb(db, 1000), exchange);
    expect(started.debit.points).toBe(3);
    expect(await pointsBalance(db, teamId)).toBe(1000 - 3);
  });

  it('says not enough points when the balance read is below the reply’s cost', async () => {
    const { exchange } = await request();
    await expect(startExchange(racedDb(ctx.database.db, 2), exchange)).rejects.toMatchObject({
      code: ERRORS.POINTS_NOT_ENOUGH.code,
    });
  });
});
