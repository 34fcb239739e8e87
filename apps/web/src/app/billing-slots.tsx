import { lazy } from 'react';
import type { AccountCentreSlots } from '../features/account/components/account-centre.tsx';

// Billing's screens are their own chunk, downloaded when the account centre opens their section.
const SubscriptionSection = lazy(() =>
  import('../features/billing/components/subscription-section.tsx').then((module) => ({
    default: module.SubscriptionSection,
  })),
);
const BillsSection = lazy(() =>
  import('../features/billing/components/bills-section.tsx').then((module) => ({
    default: module.BillsSection,
  })),
);

/** The account centre's subscription and bill sections, filled by the billing feature. */
export const billingSlots: AccountCentreSlots = {
  subscription: <SubscriptionSection />,
  bill: <BillsSection />,
};
