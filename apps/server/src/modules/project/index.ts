// The projects module's face: its plugin (projects, members, catalogues, the trash); the document
// policy every module asks before touching a document; the catalogue's tree the PDF module inserts
// into; the search index's queue the documents, PDFs and trash mark; where an upload goes.
export { assertGroup, createDoc, holdProject, insertDoc } from './doc-tree.ts';
export { markForIndexing, markPdfForIndexing } from './index-queue.ts';
export {
  authorizeProject,
  documentAccess,
  mayDo,
  type ProjectGrant,
  projectAccess,
  readableProjectIds,
} from './policy.ts';
export { listProjects } from './projects.ts';
export { projectRoutes } from './routes.ts';
export { projectIdsOfTeam, readableDocumentIds, teamRolesOf } from './team-projects.ts';
export { uploadTarget } from './upload-target.ts';
