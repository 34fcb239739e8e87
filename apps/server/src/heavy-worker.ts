// The worker thread of the document work pool (platform/workers): every task that parses or renders
// documents, PDFs and knowledge chunks. Bundled beside main.js as heavy-worker.js (scripts/build.mjs).
import { chatTasks } from './modules/chat/tasks.ts';
import { documentTasks } from './modules/document/tasks.ts';
import { knowledgeTasks } from './modules/knowledge/tasks.ts';
import { pdfTasks } from './modules/pdf/tasks.ts';
import { serveTasks } from './platform/workers/serve-tasks.ts';

export const heavyTasks = { ...chatTasks, ...documentTasks, ...pdfTasks, ...knowledgeTasks };
export type HeavyTasks = typeof heavyTasks;

serveTasks(heavyTasks);
