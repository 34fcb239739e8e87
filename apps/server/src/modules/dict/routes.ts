import { envelope } from '@tandem/contract/envelope';
import { translate } from '@tandem/contract/messages';
import { industryNode, TEAM_API } from '@tandem/contract/team';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { industries } from '../../db/schema.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requestLocale } from '../../platform/http/request-locale.ts';

/** Dictionaries: the two-level industry tree of the create-team form, named in the caller's language. */
export const dictRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    TEAM_API.industryTree,
    { schema: { response: { 200: envelope(z.array(industryNode)) } } },
    async (request) => {
      const locale = requestLocale(request);
      const rows = await db.select().from(industries).orderBy(asc(industries.sort), asc(industries.id));
      const nameOf = (key: string) => translate(locale, `industry.${key.replace('.', '__')}`);
      return ok(
        rows
          .filter((row) => row.parentId === null)
          .map((parent) => ({
            id: parent.id,
            name: nameOf(parent.key),
            children: rows
              .filter((row) => row.parentId === parent.id)
              .map((child) => ({ id: child.id, name: nameOf(child.key) })),
          })),
      );
    },
  );
};
