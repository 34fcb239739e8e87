import { KNOWLEDGE_API, PROJECT_API } from '@tandem/contract/api';
import { TRASH_API, trashData, trashIdsBody, trashQuery } from '@tandem/contract/document-trash';
import { envelope, pageOf } from '@tandem/contract/envelope';
import { translate } from '@tandem/contract/messages';
import {
  copyDocBody,
  createDocBody,
  createDocData,
  createProjectBody,
  createProjectData,
  deleteDocBody,
  deleteProjectBody,
  docTreeNode,
  docTreeQuery,
  moveDocBody,
  projectCandidate,
  projectCandidatesQuery,
  projectInfoQuery,
  projectItem,
  projectListQuery,
  projectMemberItem,
  projectMembersQuery,
  renameDocBody,
  setProjectMemberBody,
  shareDocBody,
  shareDocData,
  updateProjectBody,
} from '@tandem/contract/project';
import { cleanDocName } from '@tandem/contract/project-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { ok, okJsonText } from '../../platform/http/envelope.ts';
import { requestLocale } from '../../platform/http/request-locale.ts';
import { accessChanged } from '../../platform/realtime/access-changes.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { requireTeam, teamOf } from '../team/index.ts';
import { announceDocsDeleted, announceProjectDeleted, type Deletion, deleteProject } from './deletion.ts';
import { copyDoc, moveDocs } from './doc-moves.ts';
import { createDoc, docTreeJson, projectOfDocs, renameDoc, shareDoc } from './doc-tree.ts';
import { authorizeProject, documentAccess, type ProjectAbility, projectAccess } from './policy.ts';
import { listProjectCandidates, listProjectMembers, setProjectMember } from './project-members.ts';
import { createProject, listProjects, projectIdByCode, updateProject, visitProject } from './projects.ts';
import {
  listTrash,
  projectOfTrash,
  purgeDocs,
  purgeExpiredTrash,
  restoreDocs,
  TRASH_SWEEP_EVERY_MS,
  trashDocs,
} from './trash.ts';

const done = envelope(z.null());

export type ProjectDeps = {
  db: Db;
  realtime: Realtime;
  /**
   * Closes deleted documents for everyone who has them open, on every server process, once their
   * deletion has committed (the documents module's live editors; given at start).
   */
  closeLiveDocuments: (documentIds: number[]) => Promise<void>;
};

/**
 * Projects, their members and their catalogue (listed in docs/api.md). Every call that names
 * a project or a document asks the policy for one ability on it, in the project's own team.
 */
export const projectRoutes: FastifyPluginAsyncZod<ProjectDeps> = async (app, deps) => {
  const { db, realtime } = deps;
  const signedIn = { onRequest: requireSession(db) };
  const inCurrentTeam = { onRequest: [requireSession(db), requireTeam(db, 'member')] };

  const project = async (userId: number, projectId: number, ability: ProjectAbility) =>
    authorizeProject(await projectAccess(db, userId, projectId), ability);
  const document = async (userId: number, documentId: number, ability: ProjectAbility) =>
    authorizeProject(await documentAccess(db, userId, documentId), ability, 'DOCUMENT_NOT_FOUND');
  /** The one project all `ids` are in, when the caller may edit it. */
  const documents = async (userId: number, ids: readonly number[]) => {
    const projectId = await projectOfDocs(db, ids);
    return authorizeProject(await projectAccess(db, userId, projectId), 'edit', 'DOCUMENT_NOT_FOUND');
  };
  const closeLive = (deletion: Deletion) => deps.closeLiveDocuments(deletion.documentIds);

  // Projects
  app.post(
    PROJECT_API.create,
    { ...inCurrentTeam, schema: { body: createProjectBody, response: { 200: envelope(createProjectData) } } },
    async (request) => {
      const team = teamOf(request);
      return ok(await createProject(db, { userId: team.userId, teamId: team.teamId }, request.body));
    },
  );
  app.post(
    PROJECT_API.update,
    { ...signedIn, schema: { body: updateProjectBody, response: { 200: done } } },
    async (request) => {
      const { id, ...fields } = request.body;
      await project(sessionOf(request).userId, id, 'manage');
      await updateProject(db, id, fields);
      // Made private, or the team's permission lowered: open documents of the project check again.
      await accessChanged({ projectIds: [id] });
      return ok(null);
    },
  );
  app.get(
    PROJECT_API.list,
    {
      ...inCurrentTeam,
      schema: { querystring: projectListQuery, response: { 200: envelope(pageOf(projectItem)) } },
    },
    async (request) => {
      const team = teamOf(request);
      return ok(
        await listProjects(
          db,
          { userId: team.userId, teamId: team.teamId, teamRoles: team.roles },
          request.query,
        ),
      );
    },
  );
  app.get(
    PROJECT_API.info,
    { ...signedIn, schema: { querystring: projectInfoQuery, response: { 200: envelope(projectItem) } } },
    async (request) => {
      const { userId } = sessionOf(request);
      const grant = await project(userId, await projectIdByCode(db, request.query.uniq_code), 'view');
      return ok(await visitProject(db, grant, userId));
    },
  );
  app.post(
    PROJECT_API.delete,
    { ...signedIn, schema: { body: deleteProjectBody, response: { 200: done } } },
    async (request) => {
      const { id, confirm_name: confirmName } = request.body;
      await project(sessionOf(request).userId, id, 'delete');
      const deletion = await deleteProject(db, id, confirmName);
      await closeLive(deletion);
      await announceProjectDeleted(realtime, deletion);
      return ok(null);
    },
  );
  app.get(
    PROJECT_API.members,
    {
      ...signedIn,
      schema: { querystring: projectMembersQuery, response: { 200: envelope(z.array(projectMemberItem)) } },
    },
    async (request) =>
      ok(
        await listProjectMembers(
          db,
          await project(sessionOf(request).userId, request.query.project_id, 'view'),
        ),
      ),
  );
  app.post(
    PROJECT_API.setMember,
    { ...signedIn, schema: { body: setProjectMemberBody, response: { 200: done } } },
    async (request) => {
      const { project_id: projectId, user_id: userId, permission } = request.body;
      await setProjectMember(
        db,
        await project(sessionOf(request).userId, projectId, 'manage'),
        userId,
        permission,
      );
      await accessChanged({ userIds: [userId] });
      return ok(null);
    },
  );
  app.get(
    PROJECT_API.candidates,
    {
      ...signedIn,
      schema: { querystring: projectCandidatesQuery, response: { 200: envelope(pageOf(projectCandidate)) } },
    },
    async (request) => {
      const { project_id: projectId, ...query } = request.query;
      const { userId } = sessionOf(request);
      return ok(await listProjectCandidates(db, await project(userId, projectId, 'manage'), query, userId));
    },
  );

  // The catalogue
  app.post(
    KNOWLEDGE_API.createDoc,
    { ...signedIn, schema: { body: createDocBody, response: { 200: envelope(createDocData) } } },
    async (request) => {
      const { userId } = sessionOf(request);
      const { project_id: projectId, parent_id: parentId, name, kind } = request.body;
      await project(userId, projectId, 'edit');
      return ok(await createDoc(db, { projectId, parentId, name, kind, userId }));
    },
  );
  app.get(
    KNOWLEDGE_API.tree,
    {
      ...signedIn,
      // The answer is written by docTree as JSON text (an allow-list of its own), and cached.
      schema: { querystring: docTreeQuery, response: { 200: envelope(z.array(docTreeNode)) } },
    },
    async (request, reply) => {
      const grant = await project(sessionOf(request).userId, request.query.project_id, 'view');
      return okJsonText(reply, await docTreeJson(db, grant.projectId));
    },
  );
  app.post(
    KNOWLEDGE_API.moveDoc,
    { ...signedIn, schema: { body: moveDocBody, response: { 200: done } } },
    async (request) => {
      const { ids, parent_id: parentId, index } = request.body;
      const grant = await documents(sessionOf(request).userId, ids);
      await moveDocs(db, { projectId: grant.projectId, ids, parentId, index });
      return ok(null);
    },
  );
  app.post(
    KNOWLEDGE_API.renameDoc,
    { ...signedIn, schema: { body: renameDocBody, response: { 200: done } } },
    async (request) => {
      const { userId } = sessionOf(request);
      const { id, name } = request.body;
      const grant = await document(userId, id, 'edit');
      await renameDoc(db, { id, projectId: grant.projectId, name, userId });
      return ok(null);
    },
  );
  app.post(
    KNOWLEDGE_API.copyDoc,
    { ...signedIn, schema: { body: copyDocBody, response: { 200: envelope(createDocData) } } },
    async (request) => {
      const { userId } = sessionOf(request);
      const grant = await document(userId, request.body.id, 'edit');
      const locale = requestLocale(request);
      const copyName = (name: string) =>
        name ? cleanDocName(translate(locale, 'document_names.copy_of', { name })) : name;
      return ok(await copyDoc(db, { projectId: grant.projectId, id: request.body.id, userId, copyName }));
    },
  );
  app.delete(
    KNOWLEDGE_API.deleteDoc,
    { ...signedIn, schema: { body: deleteDocBody, response: { 200: done } } },
    async (request) => {
      const { userId } = sessionOf(request);
      const grant = await documents(userId, request.body.ids);
      const deletion = await trashDocs(db, { projectId: grant.projectId, ids: request.body.ids, userId });
      await closeLive(deletion);
      await announceDocsDeleted(realtime, deletion);
      return ok(null);
    },
  );

  // The project's trash: what delete-doc removed, for those who may edit the catalogue. Every process
  // purges what is past its 30 days hourly (two at once delete nothing twice), and a project's list
  // purges its own first, so nobody sees an entry past its days.
  let trashSweep: NodeJS.Timeout | undefined;
  const sweepTrash = () =>
    purgeExpiredTrash(db).catch((error: unknown) => app.log.warn({ err: error }, 'trash purge failed'));
  app.addHook('onReady', async () => {
    trashSweep = setInterval(sweepTrash, TRASH_SWEEP_EVERY_MS);
    trashSweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(trashSweep));
  const trashGrant = async (userId: number, ids: readonly number[]) =>
    authorizeProject(
      await projectAccess(db, userId, await projectOfTrash(db, ids)),
      'edit',
      'DOCUMENT_NOT_FOUND',
    );
  app.get(
    TRASH_API.list,
    { ...signedIn, schema: { querystring: trashQuery, response: { 200: envelope(trashData) } } },
    async (request) => {
      const { userId } = sessionOf(request);
      const grant = await project(userId, request.query.project_id, 'edit');
      await purgeExpiredTrash(db, grant.projectId);
      return ok({ data: await listTrash(db, grant.projectId, userId) });
    },
  );
  app.post(
    TRASH_API.restore,
    { ...signedIn, schema: { body: trashIdsBody, response: { 200: done } } },
    async (request) => {
      const grant = await trashGrant(sessionOf(request).userId, request.body.ids);
      await restoreDocs(db, grant.projectId, request.body.ids);
      return ok(null);
    },
  );
  app.delete(
    TRASH_API.purge,
    { ...signedIn, schema: { body: trashIdsBody, response: { 200: done } } },
    async (request) => {
      const grant = await trashGrant(sessionOf(request).userId, request.body.ids);
      await purgeDocs(db, grant.projectId, request.body.ids);
      return ok(null);
    },
  );
  app.post(
    KNOWLEDGE_API.shareDoc,
    { ...signedIn, schema: { body: shareDocBody, response: { 200: envelope(shareDocData) } } },
    async (request) => {
      const { doc_id: id, enabled } = request.body;
      await document(sessionOf(request).userId, id, 'edit');
      const shared = await shareDoc(db, id, enabled);
      // The old link's visitors lose the document at once (turned off, or a new code).
      await accessChanged({ documentIds: [id] });
      return ok(shared);
    },
  );
};
