import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import type { ExportFormat } from '@tandem/contract/project-rules';
import type { JSONContent } from '@tiptap/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { asBuffer, runHeavy } from '../../platform/workers/index.ts';
import { documentAccess } from '../project/index.ts';
import type { FileStore } from '../upload/index.ts';
import type { CollabServer } from './collab-server.ts';
import { stateOf } from './document-service.ts';
import { standalonePage } from './html-page.ts';
import { pdfBytesOf } from './pdf-file.ts';

export type ExportDeps = { db: Db; collab: CollabServer; files: FileStore };
export type ExportedFile = { fileName: string; contentType: string; body: Buffer };
type ExportContext = { locale: Locale; origin: string };
/** What renders a document: the export's context and the team whose worker queue its conversions join. */
type RenderContext = ExportContext & { teamId: number };

const CONTENT_TYPES: Record<ExportFormat | 'zip', string> = {
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  zip: 'application/zip',
};
const UPLOAD_SRC = /^\/api\/upload\/files\/([\w-]{22}\.\w{2,5})$/;

/** Markdown has no heading past 6 and the PDF renderer draws no HTML: levels 7-9 print as level 6 there. */
const withHeadingsUpTo6 = (json: JSONContent): JSONContent => ({
  ...json,
  ...(json.type === 'heading'
    ? { attrs: { ...json.attrs, level: Math.min(Number(json.attrs?.level) || 1, 6) } }
    : {}),
  ...(json.content ? { content: json.content.map(withHeadingsUpTo6) } : {}),
});

/**
 * Our uploads' paths as absolute URLs (images and links), so an exported Markdown file shows its
 * pictures wherever it is opened, as the HTML page does (docs/decisions.md, "Markdown export").
 */
const withAbsoluteUploads = (json: JSONContent, origin: string): JSONContent => {
  const absolute = (value: unknown) =>
    typeof value === 'string' && UPLOAD_SRC.test(value) ? `${origin}${value}` : value;
  return {
    ...json,
    ...(json.type === 'image' ? { attrs: { ...json.attrs, src: absolute(json.attrs?.src) } } : {}),
    ...(json.marks
      ? {
          marks: json.marks.map((mark) =>
            mark.type === 'link'
              ? { ...mark, attrs: { ...mark.attrs, href: absolute(mark.attrs?.href) } }
              : mark,
          ),
        }
      : {}),
    ...(json.content ? { content: json.content.map((child) => withAbsoluteUploads(child, origin)) } : {}),
  };
};

/** Every picture's `src` in a document, nested ones (lists, tables, quotes) included. */
const pictureSources = (json: JSONContent): string[] => [
  ...(json.type === 'image' && typeof json.attrs?.src === 'string' ? [json.attrs.src] : []),
  ...(json.content ?? []).flatMap(pictureSources),
];

/** What an export reads of a document's pictures in all; past it the rest print as their names. */
export const EXPORT_PICTURES_MAX_BYTES = 64 * 1024 * 1024;

/** The bytes of the document's own uploaded pictures, by `src`, for the PDF and DOCX to embed. */
async function picturesOf(files: FileStore, json: JSONContent) {
  const pictures: Record<string, Uint8Array> = {};
  let total = 0;
  for (const src of new Set(pictureSources(json))) {
    const upload = UPLOAD_SRC.exec(src);
    const bytes = upload ? await files.read(upload[1]!) : undefined;
    if (!bytes || total + bytes.byteLength > EXPORT_PICTURES_MAX_BYTES) continue;
    total += bytes.byteLength;
    pictures[src] = bytes;
  }
  return pictures;
}

/** File names keep letters of every script; only what file systems refuse is replaced. */
const safeFileName = (name: string) =>
  [...name]
    .map((character) => (character < ' ' || '\\/:*?"<>|'.includes(character) ? '-' : character))
    .join('')
    .trim() || 'document';

async function renderOne(
  deps: ExportDeps,
  context: RenderContext,
  title: string,
  id: number,
  format: ExportFormat,
) {
  // Conversions run in the worker pool; the pictures they embed are read here.
  const json = await runHeavy(context.teamId, 'document.json', { state: await stateOf(deps, id) });
  // The name heads the page unless the text opens with a heading of its own.
  const heading = json.content?.[0]?.type === 'heading' ? undefined : title;
  switch (format) {
    case 'md':
      return Buffer.from(
        `${await runHeavy(context.teamId, 'document.markdown', { json: withAbsoluteUploads(json, context.origin) })}\n`,
      );
    case 'html':
      return Buffer.from(
        standalonePage(title, await runHeavy(context.teamId, 'document.html', { json }), {
          ...context,
          heading,
        }),
      );
    case 'pdf':
      return asBuffer(
        await runHeavy(context.teamId, 'document.pdf', {
          names: { title, heading },
          json: withHeadingsUpTo6(json),
          locale: context.locale,
          pictures: await picturesOf(deps.files, json),
        }),
      );
    case 'docx':
      return asBuffer(
        await runHeavy(context.teamId, 'document.docx', {
          title,
          json,
          pictures: await picturesOf(deps.files, json),
        }),
      );
  }
}

type Node = { id: number; name: string; kind: 'doc' | 'group' | 'pdf'; parentId: number | null };

/** Every document and group of a project under `rootIds` (themselves included). */
async function subtrees(db: Db, projectId: number, rootIds: number[]): Promise<Node[]> {
  const all = await db
    .select({ id: documents.id, name: documents.name, kind: documents.kind, parentId: documents.parentId })
    .from(documents)
    .where(and(eq(documents.projectId, projectId), isNull(documents.deletedAt)));
  const children = new Map<number, Node[]>();
  for (const node of all)
    if (node.parentId !== null) children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);
  const picked: Node[] = [];
  const visit = (node: Node) => {
    picked.push(node);
    for (const child of children.get(node.id) ?? []) visit(child);
  };
  for (const node of all) if (rootIds.includes(node.id)) visit(node);
  return picked;
}

/**
 * `export-doc` / `export-docs`: one document in `format`, or (a group, several items) a zip of the
 * documents in folders named after their groups. Every item must be readable by the caller and all of
 * them in one project.
 */
export async function exportDocuments(
  deps: ExportDeps,
  userId: number,
  ids: number[],
  format: ExportFormat,
  context: ExportContext,
  /** A selection downloads as a zip even when it is one document. */
  isZip = false,
): Promise<ExportedFile> {
  const grants = await Promise.all(ids.map((id) => documentAccess(deps.db, userId, id)));
  const projectIds = new Set(grants.map((grant) => grant?.projectId));
  if (grants.some((grant) => !grant) || projectIds.size !== 1) throw new AppError('DOCUMENT_NOT_FOUND');
  const teamId = grants[0]!.teamId;
  const rows = await deps.db
    .select({ id: documents.id, name: documents.name, kind: documents.kind })
    .from(documents)
    .where(inArray(documents.id, ids));
  const untitled = (kind: Node['kind']) =>
    translate(context.locale, kind === 'group' ? 'projects.tree.untitled_group' : 'projects.untitled_doc');
  const nameOf = (node: { name: string; kind: Node['kind'] }) =>
    safeFileName(node.name || untitled(node.kind));

  const [single] = rows;
  // A PDF downloads as itself, whatever format its documents' neighbours are asked in.
  if (!isZip && rows.length === 1 && single?.kind === 'pdf') {
    const body = await pdfBytesOf(deps.db, deps.files, single.id);
    return { fileName: `${nameOf(single)}.pdf`, contentType: CONTENT_TYPES.pdf, body };
  }
  if (!isZip && rows.length === 1 && single?.kind === 'doc') {
    const title = single.name || untitled('doc');
    return {
      fileName: `${nameOf(single)}.${format}`,
      contentType: CONTENT_TYPES[format],
      body: await renderOne(deps, { ...context, teamId }, title, single.id, format),
    };
  }

  const nodes = await subtrees(deps.db, [...projectIds][0]!, ids);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const entries: Record<string, Uint8Array> = {};
  for (const node of nodes) {
    const folders: string[] = [];
    for (let parent = node.parentId === null ? undefined : byId.get(node.parentId); parent; ) {
      folders.unshift(nameOf(parent));
      parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
    }
    const base = [...folders, nameOf(node)].join('/');
    if (node.kind === 'group') {
      entries[`${base}/`] = new Uint8Array();
      continue;
    }
    const extension = node.kind === 'pdf' ? 'pdf' : format;
    let path = `${base}.${extension}`;
    for (let copy = 2; entries[path]; copy++) path = `${base} (${copy}).${extension}`;
    entries[path] =
      node.kind === 'pdf'
        ? await pdfBytesOf(deps.db, deps.files, node.id)
        : await renderOne(deps, { ...context, teamId }, node.name || untitled('doc'), node.id, format);
  }
  const zipName = rows.length === 1 && single ? nameOf(single) : 'documents';
  return {
    fileName: `${zipName}.zip`,
    contentType: CONTENT_TYPES.zip,
    body: asBuffer(await runHeavy(teamId, 'document.zip', { entries })),
  };
}
