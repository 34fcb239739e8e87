import { CHAT_API } from '@tandem/contract/chat';
import { IMAGE_PROXY_PER_MINUTE } from '@tandem/contract/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fetchOutsideImage } from './outside-image.ts';

const URL_MAX = 2048;

/**
 * Outside images of replies, loaded through us once the reader clicks: the page's CSP allows only our
 * own images, and the other site sees neither the reader's address nor their cookies. No session is
 * asked for, as an <img> cannot send one and shared pages have readers without accounts.
 */
export const imageProxyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    CHAT_API.imageProxy,
    {
      config: { rateLimit: { max: IMAGE_PROXY_PER_MINUTE, timeWindow: 60_000 } },
      schema: { querystring: z.object({ url: z.string().min(1).max(URL_MAX) }) },
    },
    async (request, reply) => {
      const image = await fetchOutsideImage(request.query.url);
      return reply
        .header('content-type', image.mimeType)
        .header('content-length', image.bytes.length)
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );
};
