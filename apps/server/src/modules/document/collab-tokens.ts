import { createHash, createSecretKey } from 'node:crypto';
import { COLLAB_TOKEN_TTL_SECONDS } from '@tandem/contract/project-rules';
import { jwtVerify, SignJWT } from 'jose';

/** What a collaboration token lets its holder do with one document. */
export type CollabGrant = {
  documentId: number;
  /** The signed-in user; null for a visitor holding a share link. */
  userId: number | null;
  canEdit: boolean;
  /** The share code the token was given for: the connection is refused once the link is revoked. */
  shareCode: string | null;
  /** The session it was given to: its connections close when that session ends. */
  sessionId?: number | null;
  /** The name others see beside this editor's cursor; a visitor has none and shows no presence. */
  name?: string;
};

/** The Hocuspocus document name of a document: its id as text. */
export const collabDocumentName = (documentId: number) => String(documentId);

export function documentIdOfName(name: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(name)) return undefined;
  const id = Number(name);
  return id <= 2_147_483_647 ? id : undefined;
}

const AUDIENCE = 'tandem-collaboration';

/**
 * Short-lived HS256 tokens for the collaboration websocket. The key is derived from the realtime
 * secret for this use only, and the audience differs, so a realtime token never opens a document.
 */
export function createCollabTokens(secret: string) {
  const key = createSecretKey(createHash('sha256').update(`collaboration:${secret}`).digest());

  return {
    ttlSeconds: COLLAB_TOKEN_TTL_SECONDS,

    /** `ttlSeconds` other than the standard one is for tests (an already expired token). */
    sign: (grant: CollabGrant, ttlSeconds = COLLAB_TOKEN_TTL_SECONDS) =>
      new SignJWT({
        doc: grant.documentId,
        edit: grant.canEdit,
        share: grant.shareCode,
        sid: grant.sessionId ?? null,
        name: grant.name ?? '',
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(AUDIENCE)
        .setSubject(grant.userId === null ? 'visitor' : String(grant.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),

    /** The grant, or undefined for a token that is forged, expired or not a collaboration token. */
    async verify(token: string): Promise<CollabGrant | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
        const { doc, edit, share, sub, sid, name } = payload;
        if (typeof doc !== 'number' || typeof edit !== 'boolean') return undefined;
        const userId = sub === 'visitor' ? null : Number(sub);
        if (userId !== null && !Number.isInteger(userId)) return undefined;
        return {
          documentId: doc,
          userId,
          canEdit: edit,
          shareCode: typeof share === 'string' ? share : null,
          sessionId: typeof sid === 'number' && Number.isInteger(sid) ? sid : null,
          name: typeof name === 'string' ? name : '',
        };
      } catch {
        return undefined;
      }
    },
  };
}

export type CollabTokens = ReturnType<typeof createCollabTokens>;
