// The upload module's face.
export { createFileStore, detectType, type FileStore, orphanSweep, uploadedFileName } from './file-store.ts';
export { isUnreadableBody, uploadRoutes } from './routes.ts';
