import { EMAIL_PATTERN, isValidPhone } from '@tandem/contract/account-rules';

/**
 * The email and phone change flow. With an address bound: 1 send a code to it,
 * 2 verify that code for a reset token, 3 enter the new address and send it a code, 4 submit. With none
 * bound the flow starts at step 3 and binds instead.
 */
export type ChangeStep = 'send_old' | 'verify_old' | 'enter_new' | 'confirm_new';

const ALL_STEPS: readonly ChangeStep[] = ['send_old', 'verify_old', 'enter_new', 'confirm_new'];
const BIND_STEPS: readonly ChangeStep[] = ['enter_new', 'confirm_new'];

export type ChangeState<Address> = {
  step: ChangeStep;
  hasCurrent: boolean;
  resetToken: string | null;
  /** Where step 3 sent its code; step 4 submits exactly this address. */
  newAddress: Address | null;
};

export type ChangeAction<Address> =
  | { type: 'old_code_sent' }
  | { type: 'old_verified'; resetToken: string }
  | { type: 'new_code_sent'; address: Address }
  | { type: 'edit_new' }
  | { type: 'restart' };

export const stepsOf = (hasCurrent: boolean) => (hasCurrent ? ALL_STEPS : BIND_STEPS);

export function initialChange<Address>(hasCurrent: boolean): ChangeState<Address> {
  return { step: stepsOf(hasCurrent)[0]!, hasCurrent, resetToken: null, newAddress: null };
}

export function changeReducer<Address>(
  state: ChangeState<Address>,
  action: ChangeAction<Address>,
): ChangeState<Address> {
  switch (action.type) {
    case 'old_code_sent':
      return state.hasCurrent && state.step === 'send_old' ? { ...state, step: 'verify_old' } : state;
    case 'old_verified':
      return state.step === 'verify_old'
        ? { ...state, step: 'enter_new', resetToken: action.resetToken }
        : state;
    case 'new_code_sent':
      return state.step === 'enter_new' || state.step === 'confirm_new'
        ? { ...state, step: 'confirm_new', newAddress: action.address }
        : state;
    case 'edit_new':
      return state.step === 'confirm_new' ? { ...state, step: 'enter_new' } : state;
    case 'restart':
      return initialChange(state.hasCurrent);
  }
}

/**
 * What step 4 may submit: the change needs the reset token from step 2; a bind needs none. A missing token
 * means the flow must start over.
 */
export function submissionOf<Address>(
  state: ChangeState<Address>,
):
  | { ok: true; address: Address; resetToken: string | null }
  | { ok: false; reason: 'token_missing' | 'no_address' } {
  if (state.hasCurrent && !state.resetToken) return { ok: false, reason: 'token_missing' };
  if (!state.newAddress) return { ok: false, reason: 'no_address' };
  return { ok: true, address: state.newAddress, resetToken: state.hasCurrent ? state.resetToken : null };
}

export type AddressProblem = 'required' | 'invalid' | 'duplicate';

/** New email: required, a basic pattern, and not the current one. */
export function checkNewEmail(typed: string, current: string | undefined): AddressProblem | null {
  const value = typed.trim().toLowerCase();
  if (!value) return 'required';
  if (!EMAIL_PATTERN.test(value)) return 'invalid';
  if (current && value === current.trim().toLowerCase()) return 'duplicate';
  return null;
}

/** New phone: required, valid for its dial code, and not the current number. */
export function checkNewPhone(
  typed: string,
  dialCode: string,
  current: { phone?: string; country_code?: string },
): AddressProblem | null {
  const value = typed.trim();
  if (!value) return 'required';
  if (!isValidPhone(value, dialCode)) return 'invalid';
  if (current.phone && value === current.phone && dialCode === (current.country_code || dialCode)) {
    return 'duplicate';
  }
  return null;
}
