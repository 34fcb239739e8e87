import { envelope, pageOf, pageQuery } from '@tandem/contract/envelope';
import { API, devOutboxItem } from '@tandem/contract/system';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import { ok } from '../../platform/http/envelope.ts';

/** Development only (never registered in production): the mail and SMS that were not really sent. */
export const devRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    API.devOutbox.path,
    { schema: { querystring: pageQuery, response: { 200: envelope(pageOf(devOutboxItem)) } } },
    async (request) => {
      const { page, page_size } = request.query;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(outboxMessages)
          .orderBy(desc(outboxMessages.id))
          .limit(page_size)
          .offset((page - 1) * page_size),
        db.select({ n: count() }).from(outboxMessages),
      ]);
      return ok({
        data: rows.map((row) => ({
          channel: row.channel,
          to: row.to,
          subject: row.subject,
          text: row.text,
          code: row.code,
          created_at: row.createdAt.toISOString(),
        })),
        total: totals[0]?.n ?? 0,
      });
    },
  );
};
