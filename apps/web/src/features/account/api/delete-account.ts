import { PROFILE_API } from '@tandem/contract/api';
import { http } from '../../../shared/api/http.ts';

/** The account's own email, or its phone when it has no email. */
export const deleteAccount = (identity: { email: string } | { phone: string }) =>
  http.post<null>(PROFILE_API.deleteUser, identity);
