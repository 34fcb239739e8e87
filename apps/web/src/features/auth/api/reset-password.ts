import { RESET_API } from '@tandem/contract/api';
import type { getResetTokenBody, resetPasswordByTokenBody } from '@tandem/contract/user';
import type { PayloadOf } from '../../../shared/api/contract-types.ts';
import { http } from '../../../shared/api/http.ts';

/** Step 1 of /forget: the type-3 code traded for a single-use reset token. */
export const getResetToken = (body: PayloadOf<typeof getResetTokenBody>) =>
  http.post<{ reset_token: string }>(RESET_API.getResetToken, body, { silent: true });

/** Step 2 of /forget: the new password; the server ends every session of the account. */
export const resetPasswordByToken = (body: PayloadOf<typeof resetPasswordByTokenBody>) =>
  http.post<null>(RESET_API.resetPasswordByToken, body, { silent: true });
