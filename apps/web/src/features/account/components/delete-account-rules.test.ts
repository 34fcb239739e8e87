import { describe, expect, it } from 'vitest';
import {
  canConfirmDeletion,
  couldBecomeMatch,
  deletionBody,
  deletionIdentityOf,
} from './delete-account-rules.ts';

describe('confirming an account deletion', () => {
  it('asks for the email when the account has one, even with a phone', () => {
    const identity = deletionIdentityOf({ email: 'ada@example.com', phone: '13800138000' });
    expect(identity).toEqual({ kind: 'email', value: 'ada@example.com' });
    expect(deletionBody(identity!)).toEqual({ email: 'ada@example.com' });
  });

  it('asks for the phone when there is no email', () => {
    const identity = deletionIdentityOf({ email: '', phone: '13800138000' });
    expect(identity).toEqual({ kind: 'phone', value: '13800138000' });
    expect(deletionBody(identity!)).toEqual({ phone: '13800138000' });
  });

  it('cannot verify an account with neither, and never enables the button', () => {
    expect(deletionIdentityOf({ email: '', phone: '' })).toBeNull();
    expect(canConfirmDeletion(null, '')).toBe(false);
  });

  it('enables the button only for the exact email, ignoring case and outer spaces', () => {
    const identity = deletionIdentityOf({ email: 'ada@example.com' });
    expect(canConfirmDeletion(identity, 'ada@example')).toBe(false);
    expect(canConfirmDeletion(identity, 'bob@example.com')).toBe(false);
    expect(canConfirmDeletion(identity, ' ADA@example.com ')).toBe(true);
  });

  it('wants the phone digits exactly', () => {
    const identity = deletionIdentityOf({ phone: '13800138000' });
    expect(canConfirmDeletion(identity, '1380013800')).toBe(false);
    expect(canConfirmDeletion(identity, '13800138000')).toBe(true);
  });

  it('knows an unfinished email from a wrong one', () => {
    const identity = deletionIdentityOf({ email: 'ada@example.com' });
    expect(couldBecomeMatch(identity, 'ADA@exa')).toBe(true);
    expect(couldBecomeMatch(identity, 'ada@exm')).toBe(false);
    expect(couldBecomeMatch(null, '')).toBe(false);
  });
});
