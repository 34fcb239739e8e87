import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { Llm } from '../../platform/llm/llm.ts';

/** Model providers and models: the platform admin's calls and the list of models users may pick. */
export const modelRoutes: FastifyPluginAsyncZod<{ db: Db; llm: Llm }> = async () => {};
