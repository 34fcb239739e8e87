import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque bearer token: 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Tokens are high-entropy, so a fast hash is enough; a stolen database yields no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const newNumericCode = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join('');
