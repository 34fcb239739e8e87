// The projects module's face: projects, their members and catalogues, the trash, and the document
// policy other modules ask before touching a document.

export { dropFromIndex, markForIndexing, markPdfForIndexing } from './index-queue.ts';
export { uploadTarget } from './storage.ts';
