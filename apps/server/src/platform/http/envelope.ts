import { SUCCESS_CODE } from '@tandem/contract/envelope';
import type { FastifyReply } from 'fastify';

/** A success answer: `{ code: 0, msg: 'ok', data }`. */
export const ok = <T>(data: T) => ({ code: SUCCESS_CODE, msg: 'ok', data });

/** A success answer around `data` already written as JSON text (a cached answer), sent as it is. */
export const okJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(`{"code":${SUCCESS_CODE},"msg":"ok","data":${json}}`);
