import { NICKNAME_MAX } from '@tandem/contract/limits';
import { describe, expect, it } from 'vitest';
import { decideNickname } from './nickname-rules.ts';

describe('leaving the nickname field', () => {
  it('saves nothing when the text is unchanged, even with spaces around it', () => {
    expect(decideNickname('Ada', 'Ada')).toEqual({ action: 'keep' });
    expect(decideNickname('Ada', '  Ada ')).toEqual({ action: 'keep' });
  });

  it('saves a changed nickname, trimmed', () => {
    expect(decideNickname('Ada', '  Grace  ')).toEqual({ action: 'save', value: 'Grace' });
  });

  it('reverts a blank nickname with a warning', () => {
    expect(decideNickname('Ada', '   ')).toEqual({ action: 'revert', reason: 'blank' });
  });

  it('leaves an empty nickname alone when it was empty already', () => {
    expect(decideNickname('', '')).toEqual({ action: 'keep' });
  });

  it('accepts 100 characters and refuses 101', () => {
    expect(decideNickname('Ada', 'x'.repeat(NICKNAME_MAX))).toMatchObject({ action: 'save' });
    expect(decideNickname('Ada', 'x'.repeat(NICKNAME_MAX + 1))).toEqual({
      action: 'revert',
      reason: 'too_long',
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(decideNickname('Ada', '😀'.repeat(NICKNAME_MAX))).toMatchObject({ action: 'save' });
  });

  it('refuses direction overrides and control characters', () => {
    expect(decideNickname('Ada', 'evil\u202Eman')).toEqual({ action: 'revert', reason: 'invalid' });
  });
});
