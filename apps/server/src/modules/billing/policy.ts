import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { requireSession } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { type BillingAction, mayBilling } from '../quotas/index.ts';
import { requireTeam, teamOf } from '../team/index.ts';

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
