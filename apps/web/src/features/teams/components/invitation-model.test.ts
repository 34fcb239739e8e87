import { describe, expect, it } from 'vitest';
import {
  emailInvitation,
  emptyPhoneRow,
  inviteCodeFrom,
  inviteLinkOf,
  isInviteExpired,
  phoneInvitation,
} from './invitation-model.ts';

describe('the invitation link', () => {
  it('has the spec’s shape {origin}/join-team/{invite_code}', () => {
    expect(inviteLinkOf('https://tandem.example', 'K7QX2M9A')).toBe(
      'https://tandem.example/join-team/K7QX2M9A',
    );
    expect(inviteLinkOf('http://127.0.0.1:3000/', 'ABCD')).toBe('http://127.0.0.1:3000/join-team/ABCD');
  });

  it('gives its code back when pasted into the join dialog', () => {
    expect(inviteCodeFrom(' K7QX2M9A ')).toBe('K7QX2M9A');
    expect(inviteCodeFrom('https://tandem.example/join-team/K7QX2M9A')).toBe('K7QX2M9A');
    expect(inviteCodeFrom('Join us: https://tandem.example/join-team/abcd2345?x=1')).toBe('abcd2345');
    expect(inviteCodeFrom('K7QX 2M9A')).toBe('K7QX2M9A');
  });

  it('knows when its code has expired', () => {
    const now = Date.parse('2026-03-01T12:00:00.000Z');
    expect(isInviteExpired('2026-03-08T12:00:00.000Z', now)).toBe(false);
    expect(isInviteExpired('2026-03-01T12:00:00.000Z', now)).toBe(true);
    expect(isInviteExpired('not a date', now)).toBe(true);
  });
});

describe('invitations by phone', () => {
  it('send the filled numbers with their dial codes, skipping blank rows and repeats', () => {
    const rows = [
      { key: 1, country_code: '86', value: '138 0013 8000' },
      emptyPhoneRow(2),
      { key: 3, country_code: '1', value: '2025550123' },
      { key: 4, country_code: '86', value: '13800138000' },
    ];
    expect(phoneInvitation(rows)).toEqual({
      body: {
        type: 1,
        phone_list: [
          { country_code: '86', value: '13800138000' },
          { country_code: '1', value: '2025550123' },
        ],
      },
    });
  });

  it('name the rows whose number does not fit its dial code (86: 11 digits from 13 to 19)', () => {
    const rows = [
      { key: 1, country_code: '86', value: '12800138000' },
      { key: 2, country_code: '86', value: '1380013800' },
      { key: 3, country_code: '44', value: '7700900123' },
    ];
    expect(phoneInvitation(rows)).toEqual({ invalidKeys: [1, 2] });
  });

  it('need at least one number', () => {
    expect(phoneInvitation([emptyPhoneRow(1), { ...emptyPhoneRow(2), value: '  ' }])).toEqual({
      isEmpty: true,
    });
  });
});

describe('invitations by email', () => {
  it('send the filled addresses, lower-cased and once each', () => {
    expect(
      emailInvitation([
        { key: 1, value: ' Ada@Example.com ' },
        { key: 2, value: '' },
        { key: 3, value: 'ada@example.com' },
        { key: 4, value: 'bo@example.org' },
      ]),
    ).toEqual({ body: { type: 0, email_list: ['ada@example.com', 'bo@example.org'] } });
  });

  it('name the rows that are not addresses, and need at least one', () => {
    expect(
      emailInvitation([
        { key: 1, value: 'ada@' },
        { key: 2, value: 'bo@example.org' },
      ]),
    ).toEqual({
      invalidKeys: [1],
    });
    expect(emailInvitation([{ key: 1, value: '' }])).toEqual({ isEmpty: true });
  });
});
