// The chat module's face.
export { chatAgentListRoutes } from './agent-list-routes.ts';
export { chatFeedbackRoutes } from './feedback-routes.ts';
export { createChatRunner } from './generation.ts';
export { imageProxyRoutes } from './image-proxy-routes.ts';
export { chatInsightsRoutes } from './insights-routes.ts';
export { replyVersionRoutes } from './reply-version-routes.ts';
export { chatRoutes } from './routes.ts';
export { saveToProjectRoutes } from './save-to-project-routes.ts';
export { createMessageSender } from './send-message.ts';
export { shareRoutes } from './share-routes.ts';
