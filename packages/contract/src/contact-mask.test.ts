import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './contact-mask.ts';

describe('masked contacts', () => {
  it('keeps the first two letters of an email name and the whole domain', () => {
    expect(maskEmail('alice@example.com')).toBe('al***@example.com');
    expect(maskEmail('al@example.com')).toBe('a***@example.com');
    expect(maskEmail('小明同学@例子.cn')).toBe('小明***@例子.cn');
    expect(maskEmail('')).toBe('');
  });

  it('keeps the first three and last four digits of a phone number', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('12345')).toBe('****45');
    expect(maskPhone('')).toBe('');
  });
});
