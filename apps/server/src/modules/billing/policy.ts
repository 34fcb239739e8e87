import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { requireTeam, type TeamContext, teamOf } from '../team/policy.ts';

/**
 * Who may do what with the current team's subscription (docs/decisions.md, "Billing is the owner's"):
 * every member sees the plan and its usage; only the team's owner buys, cancels, restores, changes the
 * card and reads the bills. A platform admin is not the owner of other people's money.
 */
export type BillingAction = 'view' | 'manage';

export const mayBilling = (team: Pick<TeamContext, 'userId' | 'ownerId'>, action: BillingAction) =>
  action === 'view' || team.ownerId === team.userId;

/** The hooks of a billing route: signed in, in the current team (personal or organisation), allowed `action`. */
export function requireBilling(db: Db, action: BillingAction) {
  return [
    requireSession(db),
    requireTeam(db, 'member', { organisation: false }),
    async (request: FastifyRequest) => {
      if (!mayBilling(teamOf(request), action)) throw new AppError('BILLING_OWNER_ONLY');
    },
  ];
}
