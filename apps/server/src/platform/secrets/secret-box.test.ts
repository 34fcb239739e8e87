// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const SECRET = 'a-secrets-key-of-at-least-32-characters!';

describe('the secret box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox(SECRET, 'test');
    const first = box.seal('sk-live-1234');
    const second = box.seal('sk-live-1234');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toContain('sk-live');
    expect(box.open(first)).toBe('sk-live-1234');
    expect(box.open(box.seal(''))).toBe('');
  });

  it('refuses a value sealed under another secret or purpose, or altered', () => {
    const sealed = createSecretBox(SECRET, 'test').seal('sk-live-1234');
    expect(() => createSecretBox(`${SECRET}x`, 'test').open(sealed)).toThrow();
    expect(() => createSecretBox(SECRET, 'other').open(sealed)).toThrow();
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = `${data!.startsWith('A') ? 'B' : 'A'}${data!.slice(1)}`;
    expect(() => createSecretBox(SECRET, 'test').open([version, iv, tag, flipped].join('.'))).toThrow();
    expect(() => createSecretBox(SECRET, 'test').open('plain text')).toThrow('not a sealed secret');
  });
});
