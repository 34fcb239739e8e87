import { AccountCentre, type AccountCentreSlots } from '../components/account-centre.tsx';

/** `/user-center/user-set`: the account centre as a page. */
export function UserSetPage({ slots }: { slots?: AccountCentreSlots }) {
  return <AccountCentre isPage slots={slots} />;
}
