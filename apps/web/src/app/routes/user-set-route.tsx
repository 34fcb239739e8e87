import { UserSetPage } from '../../features/account/pages/user-set-page.tsx';
import { billingSlots } from '../billing-slots.tsx';

/** /user-center/user-set with the billing feature's sections. */
export function UserSetRoute() {
  return <UserSetPage slots={billingSlots} />;
}
