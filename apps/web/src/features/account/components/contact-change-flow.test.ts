import { describe, expect, it } from 'vitest';
import {
  type ChangeAction,
  type ChangeState,
  changeReducer,
  checkNewEmail,
  checkNewPhone,
  initialChange,
  stepsOf,
  submissionOf,
} from './contact-change-flow.ts';

type Address = { email: string };
const run = (state: ChangeState<Address>, ...actions: ChangeAction<Address>[]) =>
  actions.reduce(changeReducer<Address>, state);

describe('the email change steps', () => {
  it('has four steps with an email bound, two when binding', () => {
    expect(stepsOf(true)).toEqual(['send_old', 'verify_old', 'enter_new', 'confirm_new']);
    expect(stepsOf(false)).toEqual(['enter_new', 'confirm_new']);
  });

  it('walks send, verify, enter and confirm, carrying the reset token and the new address', () => {
    const start = initialChange<Address>(true);
    expect(start.step).toBe('send_old');
    const verified = run(start, { type: 'old_code_sent' }, { type: 'old_verified', resetToken: 'tok' });
    expect(verified).toMatchObject({ step: 'enter_new', resetToken: 'tok' });
    const ready = run(verified, { type: 'new_code_sent', address: { email: 'new@example.com' } });
    expect(ready.step).toBe('confirm_new');
    expect(submissionOf(ready)).toEqual({
      ok: true,
      address: { email: 'new@example.com' },
      resetToken: 'tok',
    });
  });

  it('starts at step 3 without an email and binds without a token', () => {
    const start = initialChange<Address>(false);
    expect(start.step).toBe('enter_new');
    const ready = run(start, { type: 'new_code_sent', address: { email: 'new@example.com' } });
    expect(submissionOf(ready)).toEqual({
      ok: true,
      address: { email: 'new@example.com' },
      resetToken: null,
    });
  });

  it('refuses to skip the verification of the current email', () => {
    const start = initialChange<Address>(true);
    expect(run(start, { type: 'old_verified', resetToken: 'tok' }).step).toBe('send_old');
    expect(run(start, { type: 'new_code_sent', address: { email: 'x@y.zz' } }).step).toBe('send_old');
  });

  it('reports a missing reset token so the flow starts over', () => {
    const broken: ChangeState<Address> = {
      step: 'confirm_new',
      hasCurrent: true,
      resetToken: null,
      newAddress: { email: 'new@example.com' },
    };
    expect(submissionOf(broken)).toEqual({ ok: false, reason: 'token_missing' });
  });

  it('goes back to correct the new address, keeping the token', () => {
    const ready = run(
      initialChange<Address>(true),
      { type: 'old_code_sent' },
      { type: 'old_verified', resetToken: 'tok' },
      { type: 'new_code_sent', address: { email: 'typo@example.com' } },
      { type: 'edit_new' },
    );
    expect(ready).toMatchObject({ step: 'enter_new', resetToken: 'tok' });
  });

  it('restarts from the beginning with nothing kept', () => {
    const ready = run(
      initialChange<Address>(true),
      { type: 'old_code_sent' },
      { type: 'old_verified', resetToken: 'tok' },
      { type: 'restart' },
    );
    expect(ready).toEqual(initialChange(true));
  });
});

describe('the new address', () => {
  it('is required, must look like an email, and must differ from the current one', () => {
    expect(checkNewEmail('  ', 'ada@example.com')).toBe('required');
    expect(checkNewEmail('ada@example', 'ada@example.com')).toBe('invalid');
    expect(checkNewEmail('ADA@example.com ', 'ada@example.com')).toBe('duplicate');
    expect(checkNewEmail('grace@example.com', 'ada@example.com')).toBeNull();
    expect(checkNewEmail('grace@example.com', '')).toBeNull();
  });

  it('checks a phone for its dial code and against the current number', () => {
    const current = { phone: '13800138000', country_code: '86' };
    expect(checkNewPhone('', '86', current)).toBe('required');
    expect(checkNewPhone('12345678901', '86', current)).toBe('invalid');
    expect(checkNewPhone('13800138000', '86', current)).toBe('duplicate');
    expect(checkNewPhone('13800138000', '852', current)).toBeNull();
    expect(checkNewPhone('13900139000', '86', current)).toBeNull();
    expect(checkNewPhone('5551234', '1', {})).toBeNull();
  });
});
