import type { AccountUser } from '@tandem/contract/user';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { identityCacheOf } from './identity-cache.ts';

const accountIn = (teamId: number) => ({ current_team_id: teamId }) as AccountUser;

describe('the identity cache', () => {
  it('forgets the accounts of one team (its points changed) and keeps every other', () => {
    const cache = identityCacheOf({} as Db);
    cache.accounts.set(1, accountIn(10));
    cache.accounts.set(2, accountIn(10));
    cache.accounts.set(3, accountIn(20));
    cache.forgetTeamAccounts(10);
    expect([...cache.accounts.keys()]).toEqual([3]);
  });
});
