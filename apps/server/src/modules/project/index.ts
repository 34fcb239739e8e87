// The projects module's face: projects, their members and catalogues, the trash, and the document
// policy other modules ask before touching a document.

export { assertGroup, createDoc, holdProject, insertDoc } from './doc-tree.ts';
export { dropFromIndex, markForIndexing, markPdfForIndexing } from './index-queue.ts';
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
export { uploadTarget } from './storage.ts';
export { projectIdsOfTeam, readableDocumentIds, teamRolesOf } from './team-projects.ts';
