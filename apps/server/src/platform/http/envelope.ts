import { SUCCESS_CODE } from '@tandem/contract/envelope';

/** A success answer: `{ code: 0, msg: 'ok', data }`. */
export const ok = <T>(data: T) => ({ code: SUCCESS_CODE, msg: 'ok', data });
