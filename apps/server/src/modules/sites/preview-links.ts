import { createHmac, timingSafeEqual } from 'node:crypto';
import { SITE_PREVIEW_LINK_TTL_MS } from '@tandem/contract/chat-sites';

export type PreviewTarget = { conversationId: string; version: number };

const SIGNATURE_LENGTH = 32;

/**
 * Signed, expiring addresses of built versions on the preview origin: the token sits in the path,
 * so the page's relative assets (`assets/entry-0.js`) carry it too, and no cookie is needed there.
 * A token ends at the end of the window after the next one, so the address a list shows stays the
 * same for a while (the preview does not reload on every refetch) and works for at least one TTL.
 */
export function createPreviewLinks(options: { secret: string; now?: () => number }) {
  const key = createHmac('sha256', options.secret).update('site-preview').digest();
  const now = options.now ?? Date.now;
  const sign = (payload: string) =>
    createHmac('sha256', key).update(payload).digest('base64url').slice(0, SIGNATURE_LENGTH);

  return {
    /** The token for the conversation's version. */
    tokenOf({ conversationId, version }: PreviewTarget) {
      const expires = (Math.floor(now() / SITE_PREVIEW_LINK_TTL_MS) + 2) * SITE_PREVIEW_LINK_TTL_MS;
      const payload = `${conversationId}.${version}.${expires}`;
      return `${payload}.${sign(payload)}`;
    },

    /** The absolute address of the version's page on the preview origin `base`. */
    urlOf(base: string, target: PreviewTarget) {
      return `${base.replace(/\/+$/, '')}/p/${this.tokenOf(target)}/`;
    },

    /** What a token opens; undefined when it was not made here, was changed, or has expired. */
    verify(token: string): PreviewTarget | undefined {
      const parts = token.split('.');
      if (parts.length !== 4) return undefined;
      const [conversationId = '', version = '', expires = '', signature = ''] = parts;
      const expected = Buffer.from(sign(`${conversationId}.${version}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      if (!/^\d+$/.test(version) || !/^\d+$/.test(expires) || Number(expires) <= now()) return undefined;
      return { conversationId, version: Number(version) };
    },
  };
}

export type PreviewLinks = ReturnType<typeof createPreviewLinks>;
