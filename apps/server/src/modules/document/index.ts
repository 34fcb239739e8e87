// The documents module's face: its plugin (content, collaboration tokens, imports, exports,
// attachments), the collaboration server app.ts routes websockets to, closing deleted documents'
// editors (the projects module's port), and the document access and imports the PDF module builds on.
export { createCollabServer } from './collab-server.ts';
export { createCollabTokens } from './collab-tokens.ts';
export { callerOrRefuse, canEdit, readableDocument } from './document-service.ts';
export { documentNameOf, importDocument } from './import-doc.ts';
export { closeLiveDocuments, registerCollabServer } from './live-documents.ts';
export { documentModule } from './plugin.ts';
export { contentDisposition, readImport } from './transfer-routes.ts';
