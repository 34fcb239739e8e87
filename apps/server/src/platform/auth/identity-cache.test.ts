// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
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

  it('does not cache what was read while something was forgotten, as it may be from before', () => {
    const cache = identityCacheOf({} as Db);
    // A request starts reading Ada's account (balance 1000)…
    const stamp = cache.stamp();
    // …while another spends points of her team and forgets its accounts…
    cache.forgetTeamAccounts(10);
    // …then the first caches what it read: that would show 1000 until it expired.
    cache.rememberAccount(1, accountIn(10), stamp);
    expect(cache.accounts.has(1)).toBe(false);
    // A read begun after the forget is cached.
    const later = cache.stamp();
    cache.rememberAccount(1, accountIn(10), later);
    expect(cache.accounts.has(1)).toBe(true);
    cache.forgetSessionsOf(1);
    cache.rememberSession('hash', { userId: 1 } as never, later);
    expect(cache.sessions.has('hash')).toBe(false);
  });
});
