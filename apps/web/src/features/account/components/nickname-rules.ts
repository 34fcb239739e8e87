import { hasUnsafeCharacters } from '@tandem/contract/account-rules';
import { NICKNAME_MAX } from '@tandem/contract/limits';

export type NicknameDecision =
  | { action: 'keep' }
  | { action: 'revert'; reason: 'blank' | 'too_long' | 'invalid' }
  | { action: 'save'; value: string };

/**
 * What leaving the nickname field does: nothing when unchanged, a warning and the
 * old value when blank or not acceptable, otherwise a save of the trimmed text.
 */
export function decideNickname(previous: string, typed: string): NicknameDecision {
  const value = typed.normalize('NFC').trim();
  if (value === previous.trim()) return { action: 'keep' };
  if (!value) return { action: 'revert', reason: 'blank' };
  if ([...value].length > NICKNAME_MAX) return { action: 'revert', reason: 'too_long' };
  if (hasUnsafeCharacters(value)) return { action: 'revert', reason: 'invalid' };
  return { action: 'save', value };
}
