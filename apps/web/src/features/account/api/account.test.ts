import { describe, expect, it } from 'vitest';
import { reactToIdentityCheck } from './check-identity.ts';
import { AccountRejectedError, acceptAccount } from './get-account.ts';

const user = { id: 7, user_name: 'ada@example.com', has_roles: ['user'], app_role: ['member'] };

/** The error an answer is rejected with; a test fails when the answer is accepted. */
function rejectionOf(answer: unknown) {
  try {
    acceptAccount(answer);
  } catch (error) {
    return error as AccountRejectedError;
  }
  return expect.unreachable('the answer was accepted');
}

describe('accepting the account answer', () => {
  it('accepts a user with both role lists', () => {
    expect(acceptAccount(user)).toBe(user);
  });

  it('rejects a missing user as a failed verification', () => {
    for (const answer of [null, undefined]) {
      const rejection = rejectionOf(answer);
      expect(rejection).toBeInstanceOf(AccountRejectedError);
      expect(rejection.messageKey).toBe('error.verification_failed');
    }
  });

  it.each(['app_role', 'has_roles'])('rejects an answer without %s as no permission', (field) => {
    const { [field as 'app_role']: _, ...partial } = user;
    expect(rejectionOf(partial).messageKey).toBe('error.no_permission');
  });
});

describe('reacting to an identity check', () => {
  const stored = { token: 'tok-1', userId: 7 };

  it('does nothing when token and user are unchanged', () => {
    expect(reactToIdentityCheck({ auth_result: 1, user_id: 7, token: 'tok-1' }, stored)).toEqual({
      syncToken: null,
      identityChanged: false,
    });
  });

  it('syncs a token that differs from the stored one', () => {
    expect(reactToIdentityCheck({ auth_result: 0, user_id: 7, token: 'tok-2' }, stored).syncToken).toBe(
      'tok-2',
    );
  });

  it('asks for a refresh when auth_result is 1 and the user changed', () => {
    expect(reactToIdentityCheck({ auth_result: 1, user_id: 9, token: 'tok-1' }, stored).identityChanged).toBe(
      true,
    );
  });

  it('ignores a different user id when auth_result is 0', () => {
    expect(reactToIdentityCheck({ auth_result: 0, user_id: 9, token: 'tok-1' }, stored).identityChanged).toBe(
      false,
    );
  });
});
