import type { DepartmentNode } from '@tandem/contract/team';
import { and, asc, count, eq, inArray, isNull, max } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { departments, teamMembers, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { displayName } from './members.ts';
import { withTeamLocked } from './team-data.ts';

type Row = typeof departments.$inferSelect;

const siblingsOf = (teamId: number, parentId: number | null) =>
  and(
    eq(departments.teamId, teamId),
    parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId),
  );

/** The team's department tree, siblings in their order, each with its manager and head count. */
export async function departmentTree(db: Db, teamId: number): Promise<DepartmentNode[]> {
  const [rows, counts] = await Promise.all([
    db
      .select({
        department: departments,
        managerNick: users.nickName,
        managerEmail: users.email,
        managerPhone: users.phone,
      })
      .from(departments)
      .leftJoin(users, eq(users.id, departments.managerUserId))
      .where(eq(departments.teamId, teamId))
      .orderBy(asc(departments.sort), asc(departments.id)),
    db
      .select({ departmentId: teamMembers.departmentId, n: count() })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, teamId))
      .groupBy(teamMembers.departmentId),
  ]);
  const heads = new Map(counts.map((c) => [c.departmentId, c.n]));
  const nodes = new Map<number, DepartmentNode>();
  for (const { department, managerNick, managerEmail, managerPhone } of rows) {
    nodes.set(department.id, {
      id: department.id,
      name: department.name,
      parentId: department.parentId,
      manager_user_id: department.managerUserId,
      manager_name: displayName({
        realName: '',
        nickName: managerNick ?? '',
        phone: managerPhone,
        email: managerEmail,
      }),
      member_count: heads.get(department.id) ?? 0,
      sort: department.sort,
      children: [],
    });
  }
  const roots: DepartmentNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

async function findDepartment(db: Executor, teamId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.id, id), eq(departments.teamId, teamId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function assertMember(db: Executor, teamId: number, userId: number) {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_A_MEMBER');
}

export async function createDepartment(
  db: Db,
  teamId: number,
  input: { name: string; parent_id: number | null; manager_user_id: number | null },
) {
  return withTeamLocked(db, teamId, async (tx) => {
    // A delete of the parent going first leaves it not found; one coming second finds this child.
    if (input.parent_id !== null) await findDepartment(tx, teamId, input.parent_id);
    if (input.manager_user_id !== null) await assertMember(tx, teamId, input.manager_user_id);
    const [last] = await tx
      .select({ sort: max(departments.sort) })
      .from(departments)
      .where(siblingsOf(teamId, input.parent_id));
    const [row] = await tx
      .insert(departments)
      .values({
        teamId,
        parentId: input.parent_id,
        name: input.name,
        managerUserId: input.manager_user_id,
        sort: (last?.sort ?? 0) + 1,
      })
      .returning({ id: departments.id });
    if (!row) throw new AppError('OPERATION_FAILED');
    return row.id;
  });
}

/** Renames, moves or sets the manager of a department; it cannot move under itself. */
export async function saveDepartment(
  db: Db,
  teamId: number,
  input: { id: number; name?: string; parent_id?: number | null; manager_user_id?: number | null },
) {
  await withTeamLocked(db, teamId, async (tx) => {
    const department = await findDepartment(tx, teamId, input.id);
    if (input.manager_user_id) await assertMember(tx, teamId, input.manager_user_id);
    const moving = input.parent_id !== undefined && input.parent_id !== department.parentId;
    let sort = department.sort;
    if (moving && input.parent_id != null) {
      // Walk up from the new parent: meeting this department means it would be its own ancestor.
      // No other move changes the path meanwhile (the team is locked), so two cannot close a loop.
      for (let at: number | null = input.parent_id; at !== null; ) {
        if (at === department.id) throw new AppError('DEPARTMENT_CYCLE');
        at = (await findDepartment(tx, teamId, at)).parentId;
      }
    }
    if (moving) {
      const [last] = await tx
        .select({ sort: max(departments.sort) })
        .from(departments)
        .where(siblingsOf(teamId, input.parent_id ?? null));
      sort = (last?.sort ?? 0) + 1;
    }
    await tx
      .update(departments)
      .set({
        name: input.name,
        parentId: moving ? input.parent_id : undefined,
        managerUserId: input.manager_user_id,
        sort,
      })
      .where(eq(departments.id, department.id));
  });
}

/** Deletes a department with no sub-departments; its members stay in the team, in no department. */
export async function deleteDepartment(db: Db, teamId: number, id: number) {
  await withTeamLocked(db, teamId, async (tx) => {
    await findDepartment(tx, teamId, id);
    const [children] = await tx.select({ n: count() }).from(departments).where(eq(departments.parentId, id));
    if ((children?.n ?? 0) > 0) throw new AppError('DEPARTMENT_HAS_CHILDREN');
    await tx.delete(departments).where(eq(departments.id, id));
  });
}

/** Swaps a department with the sibling above or below; past the first or last is refused. */
export async function moveDepartment(db: Db, teamId: number, id: number, direction: 'up' | 'down') {
  await withTeamLocked(db, teamId, async (tx) => {
    const department = await findDepartment(tx, teamId, id);
    const siblings = await tx
      .select({ id: departments.id, sort: departments.sort })
      .from(departments)
      .where(siblingsOf(teamId, department.parentId))
      .orderBy(asc(departments.sort), asc(departments.id));
    const index = siblings.findIndex((s) => s.id === id);
    const otherIndex = direction === 'up' ? index - 1 : index + 1;
    if (otherIndex < 0 || otherIndex >= siblings.length) throw new AppError('DEPARTMENT_MOVE_BLOCKED');
    const order = siblings.map((s) => s.id);
    [order[index], order[otherIndex]] = [order[otherIndex] as number, order[index] as number];
    await writeOrder(tx, order);
  });
}

async function writeOrder(tx: Executor, order: number[]) {
  for (const [index, departmentId] of order.entries()) {
    await tx
      .update(departments)
      .set({ sort: index + 1 })
      .where(eq(departments.id, departmentId));
  }
}

/** Sets the order of all of one parent's sub-departments. */
export async function reSortDepartments(db: Db, teamId: number, parentId: number | null, ids: number[]) {
  await withTeamLocked(db, teamId, async (tx) => {
    const siblings = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(siblingsOf(teamId, parentId));
    const known = new Set(siblings.map((s) => s.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((i) => known.has(i))) {
      throw new AppError('BAD_REQUEST', {
        fields: [{ field: 'ids', message: 'must list every sub-department once' }],
      });
    }
    await writeOrder(tx, ids);
  });
}

/** Renames several departments at once, all or none. */
export async function renameDepartments(db: Db, teamId: number, renames: { id: number; name: string }[]) {
  const ids = renames.map((r) => r.id);
  await withTeamLocked(db, teamId, async (tx) => {
    const [owned] = await tx
      .select({ n: count() })
      .from(departments)
      .where(and(eq(departments.teamId, teamId), inArray(departments.id, ids)));
    if ((owned?.n ?? 0) !== new Set(ids).size) throw new AppError('NOT_FOUND');
    for (const rename of renames) {
      await tx.update(departments).set({ name: rename.name }).where(eq(departments.id, rename.id));
    }
  });
}

/** Moves members into a department (or none); every one must be in the team. */
export async function changeMemberDepartment(
  db: Db,
  teamId: number,
  userIds: number[],
  departmentId: number | null,
) {
  const unique = [...new Set(userIds)];
  return withTeamLocked(db, teamId, async (tx) => {
    // Checked under the team lock, which a delete of the department waits for.
    if (departmentId !== null) await findDepartment(tx, teamId, departmentId);
    const moved = await tx
      .update(teamMembers)
      .set({ departmentId })
      .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, unique)))
      .returning({ userId: teamMembers.userId });
    // Someone not in the team: nothing moves.
    if (moved.length !== unique.length) throw new AppError('NOT_A_MEMBER');
    return moved.length;
  });
}
