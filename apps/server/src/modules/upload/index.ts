// The upload module's face: its plugin (uploads checked by content, served by their random id) and
// the file store the modules that keep files use.
export { createFileStore, detectType, type FileStore, orphanSweep, uploadedFileName } from './file-store.ts';
export { isUnreadableBody, uploadRoutes } from './routes.ts';
