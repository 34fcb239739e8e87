import { maskEmail, maskPhone } from '@tandem/contract/contact-mask';
import { teamMembers, users } from '../../db/schema.ts';
import { displayName } from './members.ts';

/** A person as the people lists show them: select with `users` joined to their row in the team. */
export const personColumns = {
  userId: users.id,
  avatar: users.avatar,
  nickName: users.nickName,
  phone: users.phone,
  email: users.email,
  realName: teamMembers.realName,
};

/** Their name in the team, else their nickname, phone or email. */
export const personName = (row: {
  nickName: string;
  phone: string | null;
  email: string | null;
  realName: string | null;
}) => displayName({ ...row, realName: row.realName ?? '' });

/**
 * A team member as lists show them to people who may not read the team's member list (agents'
 * members, a project's, the trash, the hub): the
 * name they have in the team or their nickname, else their masked phone or email; contacts masked,
 * except to the person themself (`isViewer`), who reads their own in full.
 */
export function maskedPerson(
  row: {
    nickName: string;
    phone: string | null;
    email: string | null;
    realName: string | null;
  },
  isViewer = false,
) {
  const email = isViewer ? (row.email ?? '') : maskEmail(row.email ?? '');
  const phone = isViewer ? (row.phone ?? '') : maskPhone(row.phone ?? '');
  return { name: row.realName || row.nickName || phone || email, email, phone };
}
