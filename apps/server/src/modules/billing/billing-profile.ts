import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamBillingProfiles, teams, users } from '../../db/schema.ts';

/** Whom the team's invoices are made out to: its billing name, else its owner's name. */

export async function billingNameOf(db: Db, teamId: number) {
  const [row] = await db.select().from(teamBillingProfiles).where(eq(teamBillingProfiles.teamId, teamId));
  return row?.billingName ?? '';
}

export async function setBillingName(db: Db, teamId: number, billingName: string) {
  const values = { billingName: billingName.trim(), updatedAt: new Date() };
  await db
    .insert(teamBillingProfiles)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: teamBillingProfiles.teamId, set: values });
}

/** "Billed to": the billing name; else an organisation's name, or for a personal team (named after an address) its owner's name. */
export async function billedTo(db: Db, teamId: number) {
  const name = await billingNameOf(db, teamId);
  if (name) return name;
  const [row] = await db
    .select({
      teamName: teams.name,
      teamType: teams.teamType,
      realName: users.realName,
      nickName: users.nickName,
      email: users.email,
      phone: users.phone,
    })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(eq(teams.id, teamId));
  if (!row) return '';
  if (row.teamType === 0) return row.teamName;
  return row.realName || row.nickName || row.email || row.phone || row.teamName;
}
