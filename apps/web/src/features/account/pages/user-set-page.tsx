import { AccountCentre } from '../components/account-centre.tsx';

/** `/user-center/user-set`: the account centre as a page (spec part B, section 2's route table). */
export function UserSetPage() {
  return <AccountCentre className="account-centre--page" />;
}
