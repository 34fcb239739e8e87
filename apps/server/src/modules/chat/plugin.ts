import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { chatAgentListRoutes } from './agent-list/agent-list-routes.ts';
import { imageProxyRoutes } from './images/image-proxy-routes.ts';
import { chatFeedbackRoutes } from './insights/feedback-routes.ts';
import { chatInsightsRoutes } from './insights/insights-routes.ts';
import { type ChatDeps, chatRoutes } from './routes.ts';
import { saveToProjectRoutes } from './save-to-project/save-to-project-routes.ts';
import { shareRoutes } from './share/share-routes.ts';
import { replyVersionRoutes } from './versions/reply-version-routes.ts';

export type ChatModuleDeps = ChatDeps & {
  storage: ObjectStorage;
  /** The origin share links are made with, when set. */
  publicUrl: Config['publicUrl'];
};

/**
 * The chat module's calls: conversations and the send, shares and their PDF export, the agent list,
 * feedback, reply versions, insights, saving a reply to a project, and the outside-image proxy.
 */
export const chatModule: FastifyPluginAsyncZod<ChatModuleDeps> = async (app, deps) => {
  const { db, storage, publicUrl } = deps;
  await app.register(chatRoutes, deps);
  await app.register(shareRoutes, { db, storage, config: { publicUrl } });
  await app.register(chatAgentListRoutes, { db });
  await app.register(chatFeedbackRoutes, { db });
  await app.register(replyVersionRoutes, { db });
  await app.register(chatInsightsRoutes, { db });
  await app.register(saveToProjectRoutes, { db, storage });
  await app.register(imageProxyRoutes);
};
