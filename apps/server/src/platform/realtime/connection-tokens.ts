import { createSecretKey } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * How long a connection or subscription token lives. The client asks for a new one through the
 * token calls before it runs out, so this bounds how long a signed-out account keeps a connection.
 */
export const CONNECTION_TOKEN_TTL_S = 15 * 60;
export const SUBSCRIPTION_TOKEN_TTL_S = 15 * 60;
/**
 * With Centrifugo, which reads tokens but cannot ask whether a session still stands, tokens live a
 * minute: a disconnected client that kept an ended session's token gets back in for a minute at most.
 */
export const CENTRIFUGO_TOKEN_TTL_S = 60;

export type TokenCheck<Claims> =
  | ({ ok: true; userId: string; expiresAt: number; sessionId?: number } & Claims)
  | { ok: false; reason: 'expired' | 'invalid' };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Connection and subscription JWTs as Centrifugo reads them: HS256 with the shared secret, `sub`
 * the user id as a string, `exp` in Unix seconds; a subscription token adds `channel`.
 */
export function createRealtimeTokens(
  secret: string,
  ttl = { connection: CONNECTION_TOKEN_TTL_S, subscription: SUBSCRIPTION_TOKEN_TTL_S },
) {
  const key = createSecretKey(Buffer.from(secret, 'utf8'));

  const sign = (claims: Record<string, string>, userId: number | string, ttlSeconds: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(nowSeconds() + ttlSeconds)
      .sign(key);

  async function verify(token: string): Promise<TokenCheck<{ claims: Record<string, unknown> }>> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'exp'],
      });
      if (typeof payload.sub !== 'string' || payload.sub === '' || typeof payload.exp !== 'number') {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, userId: payload.sub, expiresAt: payload.exp, claims: payload };
    } catch (error) {
      // jose checks the signature before the claims: an expired token is a genuine one.
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  return {
    /** `sessionId`: the session it is given to; its connections close when that session ends. */
    connection: (userId: number | string, ttlSeconds = ttl.connection, sessionId?: number) =>
      sign(sessionId === undefined ? {} : { sid: String(sessionId) }, userId, ttlSeconds),

    subscription: (userId: number | string, channel: string, ttlSeconds = ttl.subscription) =>
      sign({ channel }, userId, ttlSeconds),

    verifyConnection: async (token: string): Promise<TokenCheck<object>> => {
      const check = await verify(token);
      if (!check.ok) return check;
      const sid = Number(check.claims.sid);
      const sessionId = Number.isInteger(sid) && sid > 0 ? sid : undefined;
      return { ok: true, userId: check.userId, expiresAt: check.expiresAt, sessionId };
    },

    verifySubscription: async (token: string): Promise<TokenCheck<{ channel: string }>> => {
      const check = await verify(token);
      if (!check.ok) return check;
      const channel = check.claims.channel;
      if (typeof channel !== 'string' || channel === '') return { ok: false, reason: 'invalid' };
      return { ok: true, userId: check.userId, expiresAt: check.expiresAt, channel };
    },
  };
}

export type RealtimeTokens = ReturnType<typeof createRealtimeTokens>;
