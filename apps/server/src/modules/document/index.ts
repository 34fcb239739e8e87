// The document module's face.
export { attachmentRoutes } from './attachment-routes.ts';
export { createCollabServer } from './collab-server.ts';
export { createCollabTokens } from './collab-tokens.ts';
export { docToJson } from './document-content.ts';
export { callerOrRefuse, canEdit, readableDocument } from './document-service.ts';
export { documentNameOf, importDocument } from './import-doc.ts';
export { closeLiveDocuments, registerCollabServer } from './live-documents.ts';
export { documentRoutes } from './routes.ts';
export { contentDisposition, readImport, transferRoutes } from './transfer-routes.ts';
