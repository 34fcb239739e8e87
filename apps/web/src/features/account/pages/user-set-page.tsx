import { AccountCentre, type AccountCentreSlots } from '../components/account-centre.tsx';

/** `/user-center/user-set`: the account centre as a page (spec part B, section 2's route table). */
export function UserSetPage({ slots }: { slots?: AccountCentreSlots }) {
  return <AccountCentre isPage slots={slots} />;
}
