import { RESET_API } from '@tandem/contract/api';
import { http } from '../../../shared/api/http.ts';
import type { ContactAddress } from './contact-change.ts';

/** The code sent with type 3 and the new password; the server then ends every session. */
export const resetPasswordByCode = (address: ContactAddress, validCode: string, password: string) =>
  http.post<null>(RESET_API.resetPasswordByCode, { ...address, valid_code: validCode, password });
