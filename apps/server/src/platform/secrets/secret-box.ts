import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets kept in the database (AES-256-GCM) under a key derived with HKDF from SECRETS_KEY,
 * one derived key per purpose so a value sealed for one use cannot be opened as another.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export type SecretBox = { seal(plaintext: string): string; open(sealed: string): string };

const VERSION = 'v1';
const IV_BYTES = 12;

export function createSecretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'tandem-secret-box', purpose, 32));
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
