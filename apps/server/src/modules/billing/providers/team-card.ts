import type { Db } from '../../../db/client.ts';
import { teamPaymentMethods } from '../../../db/schema.ts';
import type { CardInfo } from './provider.ts';

/** The team's saved card (what `get-default-payment-method` shows). */
export async function setTeamCard(db: Db, teamId: number, provider: 'sandbox' | 'stripe', card: CardInfo) {
  const values = {
    provider,
    paymentMethodId: card.paymentMethodId,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    updatedAt: new Date(),
  };
  await db
    .insert(teamPaymentMethods)
    .values({ teamId, ...values })
    .onConflictDoUpdate({ target: teamPaymentMethods.teamId, set: values });
}
