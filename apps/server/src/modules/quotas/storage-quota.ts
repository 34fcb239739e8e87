import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { teamQuotas } from './plan-quotas.ts';

/**
 * Bytes a team stores: its documents' collaborative states, and the uploads it holds, each counted
 * once however many holders it has: pictures and attachments of its documents and its PDFs, images of
 * its conversations' sites, images attached to its conversations' messages, its agents' avatars, and
 * every account upload made in it (used anywhere yet or not). One query.
 */
export async function teamStorageUsed(db: Executor, teamId: number): Promise<number> {
  const result = await db.execute(sql`select
    coalesce((select sum(s.byte_size) from document_states s
      join documents d on d.id = s.document_id
      join projects p on p.id = d.project_id
      where p.team_id = ${teamId}), 0)
    + coalesce((select sum(f.byte_size) from files f where f.id in (
        select h.file_id from document_files h
          join documents d on d.id = h.document_id
          join projects p on p.id = d.project_id
          where p.team_id = ${teamId}
        union select a.file_id from site_assets a
          join conversations c on c.id = a.conversation_id
          where c.team_id = ${teamId}
        union select jsonb_array_elements_text(m.attachments) from chat_messages m
          join conversations c on c.id = m.conversation_id
          where c.team_id = ${teamId} and m.attachments <> '[]'::jsonb
        union select substring(g.avatar from '/api/upload/files/([A-Za-z0-9_-]+\\.[A-Za-z0-9]+)$') from agents g
          where g.team_id = ${teamId}
        union select f.id from files f where f.quota_team_id = ${teamId})), 0) as used`);
  const [row] = (result as unknown as { rows: { used: string | number }[] }).rows;
  return Number(row?.used ?? 0);
}

/** Bytes the team may still store under its plan (negative when it is past its quota). */
export async function storageRoomLeft(db: Executor, teamId: number): Promise<number> {
  const [{ storageBytes }, used] = await Promise.all([teamQuotas(db, teamId), teamStorageUsed(db, teamId)]);
  return storageBytes - used;
}

/**
 * Refuses (402, 2317) what would take the team past its plan's storage quota. Alone it is the early
 * check, before any bytes are stored; `reserveStorage` is the one that holds.
 */
export async function assertStorageRoom(db: Executor, teamId: number, adding: number) {
  if ((await storageRoomLeft(db, teamId)) < adding) throw new AppError('STORAGE_QUOTA_EXCEEDED');
}

/** Whether `error` is the storage quota's refusal (2317), which a caller must not swallow. */
export const isStorageRefusal = (error: unknown) =>
  error instanceof AppError && error.errorName === 'STORAGE_QUOTA_EXCEEDED';

/**
 * The storage check that holds: inside the transaction that writes what makes `adding` bytes count
 * (a file's holder, a document's state), it takes the team's storage lock (its row, `no key update`:
 * rows that merely reference the team are not held up) and refuses (2317) past the quota. Two uploads
 * at once are checked one after the other, each seeing the other's bytes.
 */
export async function reserveStorage(tx: Tx, teamId: number, adding: number) {
  await tx.execute(sql`select id from teams where id = ${teamId} for no key update`);
  await assertStorageRoom(tx, teamId, adding);
}

/** The team an account's own upload (an avatar, a chat image, a cover) is checked against: the caller's current one. */
export async function currentTeamOf(db: Executor, userId: number): Promise<number | undefined> {
  const result = await db.execute(sql`select current_team_id as "teamId" from users where id = ${userId}`);
  const [row] = (result as unknown as { rows: { teamId: number | null }[] }).rows;
  return row?.teamId ?? undefined;
}
