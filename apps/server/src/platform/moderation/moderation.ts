import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

/** How long the provider's moderation may take before the text is let through. */
const PROVIDER_TIMEOUT_MS = 5000;

/** Case, width and spacing do not hide a word: `Ｆｏｒ Bidden` is `forbidden`. */
const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

export type Moderation = {
  /** Whether the text is refused: a word of the operator's list, or the provider's moderation flags it. */
  isFlagged(text: string): Promise<boolean>;
};

/**
 * Content moderation of chat (spec: "a message with inappropriate content is rejected"): the operator's
 * word list (`MODERATION_WORDS`, `MODERATION_WORDS_FILE`), then, when `MODERATION_URL` names an
 * OpenAI-compatible moderation endpoint, the provider's verdict. A provider that fails or is slow lets
 * the text through (logged): moderation must not take chat down with it.
 */
export function createModeration(
  config: Config['moderation'],
  log: FastifyBaseLogger,
  fetchImpl: typeof fetch = fetch,
): Moderation {
  const words = config.words.map(normalise).filter((word) => word !== '');
  const provider = config.provider;

  async function isFlaggedByProvider(text: string) {
    if (!provider) return false;
    try {
      const response = await fetchImpl(`${provider.baseUrl}/moderations`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(provider.apiKey ? { authorization: `Bearer ${provider.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: provider.model, input: text }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`moderation answered HTTP ${response.status}`);
      const body = (await response.json()) as { results?: { flagged?: boolean }[] };
      return body.results?.some((result) => result.flagged === true) ?? false;
    } catch (error) {
      log.warn({ err: error }, 'moderation provider failed; the text was let through');
      return false;
    }
  }

  return {
    async isFlagged(text) {
      if (text.trim() === '') return false;
      const plain = normalise(text);
      if (words.some((word) => plain.includes(word))) return true;
      return isFlaggedByProvider(text);
    },
  };
}
