import type { DocTreeNode } from '@tandem/contract/project';
import { eq } from 'drizzle-orm';
import { documentStates } from '../src/db/schema.ts';
import { agentApi } from './agents.ts';
import type { TestContext } from './test-app.ts';

/** Helpers of the project tests: projects and catalogue rows through the real calls. */
export function projectApi(ctx: TestContext) {
  const api = agentApi(ctx);
  const { data } = api;

  /** A project of the caller's current team; answers its id and code. */
  async function project(token: string, fields: Record<string, unknown> = {}) {
    const created = await data('POST', '/api/project/create-project', token, {
      name: 'Handbook',
      cover: 'gallery:colour/1',
      ...fields,
    });
    return { id: created.id as number, code: created.uniq_code as string };
  }

  async function doc(
    token: string,
    projectId: number,
    options: { parent?: number | null; name?: string; kind?: 'doc' | 'group' } = {},
  ) {
    const created = await data('POST', '/api/knowledge/create-doc', token, {
      project_id: projectId,
      parent_id: options.parent ?? null,
      kind: options.kind ?? 'doc',
      ...(options.name === undefined ? {} : { name: options.name }),
    });
    return created.id as number;
  }

  const tree = async (token: string, projectId: number): Promise<DocTreeNode[]> =>
    data('GET', `/api/knowledge/get-doc-tree?project_id=${projectId}`, token);

  /** The tree as names, a group as `[name, children]`, to compare at a glance. */
  type Outline = (string | [string, Outline])[];
  const outline = (nodes: DocTreeNode[]): Outline =>
    nodes.map((node) => (node.kind === 'group' ? [node.name, outline(node.children)] : node.name));

  /** Gives a document a collaborative state of `bytes` bytes, as the collaboration server would. */
  async function writeState(documentId: number, bytes: number) {
    const state = new Uint8Array(bytes).fill(7);
    await ctx.database.db
      .insert(documentStates)
      .values({ documentId, state, byteSize: bytes })
      .onConflictDoUpdate({ target: documentStates.documentId, set: { state, byteSize: bytes } });
  }

  const stateOf = async (documentId: number) =>
    (
      await ctx.database.db
        .select({ byteSize: documentStates.byteSize })
        .from(documentStates)
        .where(eq(documentStates.documentId, documentId))
    )[0]?.byteSize;

  /** Uploads `bytes` as an image (or a file) into the document `docId` (none: no document), as the editor does. */
  function uploadInto(
    token: string | undefined,
    docId: number | undefined,
    bytes: Buffer,
    purpose: 'img' | 'file' = 'img',
  ) {
    const boundary = '----tandem-project-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        docId === undefined
          ? ''
          : `--${boundary}\r\nContent-Disposition: form-data; name="doc_id"\r\n\r\n${docId}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="picture.png"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/upload/upload_${purpose}`,
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  }

  return { ...api, project, doc, tree, outline, writeState, stateOf, uploadInto };
}
