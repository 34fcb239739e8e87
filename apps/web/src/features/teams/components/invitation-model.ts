import { INVITE_ADDRESSES_PER_CALL } from '@tandem/contract/limits';
import { DEFAULT_COUNTRY_CODE, EMAIL_PATTERN, isValidPhone } from '@tandem/contract/user';
import type { InviteTeamBody } from '../api/invitations.ts';

/** The spec's link shape: `{origin}/join-team/{invite_code}`. */
export const inviteLinkOf = (origin: string, inviteCode: string) =>
  `${origin.replace(/\/+$/, '')}/join-team/${encodeURIComponent(inviteCode)}`;

const CODE_IN_LINK = /\/join-team\/([A-Za-z0-9]+)/;
const BARE_CODE = /^[A-Za-z0-9]+$/;

/** What someone pasted into the code field: the code itself, or a whole invitation link. */
export function inviteCodeFrom(input: string): string {
  const text = input.trim();
  const fromLink = CODE_IN_LINK.exec(text)?.[1];
  if (fromLink) return fromLink;
  return BARE_CODE.test(text) ? text : text.replace(/\s+/g, '');
}

/** Whether the code has run out at `now` (an unreadable date counts as expired). */
export function isInviteExpired(expirationTime: string, now = Date.now()) {
  const time = Date.parse(expirationTime);
  return Number.isNaN(time) || time <= now;
}

export const INVITE_RECIPIENTS_MAX = INVITE_ADDRESSES_PER_CALL;

export type PhoneRow = { key: number; country_code: string; value: string };
export type EmailRow = { key: number; value: string };

export const emptyPhoneRow = (key: number): PhoneRow => ({
  key,
  country_code: DEFAULT_COUNTRY_CODE,
  value: '',
});
export const emptyEmailRow = (key: number): EmailRow => ({ key, value: '' });

/** The request for the filled rows, or why there is none: rows with a bad value, or nothing filled. */
export type InvitationCheck = { body: InviteTeamBody } | { invalidKeys: number[] } | { isEmpty: true };

/** Blank rows are ignored; every filled row must be a valid number for its dial code (86: 11 digits). */
export function phoneInvitation(rows: readonly PhoneRow[]): InvitationCheck {
  const filled = rows
    .map((row) => ({ ...row, value: row.value.replace(/[\s-]/g, '') }))
    .filter((row) => row.value !== '');
  if (filled.length === 0) return { isEmpty: true };
  const invalidKeys = filled
    .filter((row) => !isValidPhone(row.value, row.country_code))
    .map((row) => row.key);
  if (invalidKeys.length) return { invalidKeys };
  const unique = new Map(filled.map((row) => [`${row.country_code} ${row.value}`, row]));
  return {
    body: {
      type: 1,
      phone_list: [...unique.values()].map(({ country_code, value }) => ({ country_code, value })),
    },
  };
}

export function emailInvitation(rows: readonly EmailRow[]): InvitationCheck {
  const filled = rows
    .map((row) => ({ ...row, value: row.value.trim().toLowerCase() }))
    .filter((row) => row.value !== '');
  if (filled.length === 0) return { isEmpty: true };
  const invalidKeys = filled.filter((row) => !EMAIL_PATTERN.test(row.value)).map((row) => row.key);
  if (invalidKeys.length) return { invalidKeys };
  return { body: { type: 0, email_list: [...new Set(filled.map((row) => row.value))] } };
}
