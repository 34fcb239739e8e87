import type { StreamEvent } from '@tandem/contract/agent';
import { ERRORS } from '@tandem/contract/errors';
import type { Locale } from '@tandem/contract/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Llm } from '../../platform/llm/llm.ts';
import { errorEvent, relayReply } from '../agent/index.ts';
import { readableDocument } from '../document/index.ts';
import { writingModel } from '../model/index.ts';
import { debitPoints, type LedgerEntry, refundPoints } from '../quotas/index.ts';
import { type WritingRequest, writingMessages } from './ai-writing-prompts.ts';

export type WritingDeps = { db: Db; llm: Llm; log: FastifyBaseLogger; firstTokenMs: number };

/**
 * Everything a writing request needs before its stream opens: the caller may read the document, a
 * writing model is usable, and its points are debited from the document's team (refusals are ordinary
 * errors, answered before any event).
 */
export async function prepareWriting(db: Db, userId: number, docId: number) {
  const { access } = await readableDocument(db, userId, docId);
  const model = await writingModel(db);
  if (!model) throw new AppError('WRITING_MODEL_UNAVAILABLE');
  const debit: LedgerEntry = {
    teamId: access.teamId,
    userId,
    agentId: null,
    conversationId: null,
    messageId: null,
    modelId: model.id,
    points: model.points_per_request,
  };
  await debitPoints(db, debit, 'ai_writing');
  // The points the account shows.
  identityCacheOf(db).forgetTeamAccounts(access.teamId);
  return { modelId: model.id, debit };
}

/**
 * Streams the model's result for the selection through `emit`. Without a first token (or thought) within
 * `firstTokenMs` it ends as a timeout. A failed or timed-out call gives its points back; one the user
 * aborted (`signal`) keeps them spent, as chat's Stop does.
 */
export async function streamWriting(
  deps: WritingDeps,
  job: { request: WritingRequest; modelId: number; debit: LedgerEntry; locale: Locale; signal: AbortSignal },
  emit: (event: StreamEvent) => void,
) {
  const firstToken = new AbortController();
  const timer = setTimeout(() => firstToken.abort(), deps.firstTokenMs);
  let hasFailed = false;
  await relayReply(
    deps.llm,
    {
      modelId: job.modelId,
      messages: writingMessages(job.request),
      signal: AbortSignal.any([job.signal, firstToken.signal]),
    },
    (event) => {
      if (event.type !== 'error') clearTimeout(timer);
      else hasFailed = true;
      // Switched off since the request began: chat's message would speak of an agent.
      const isModelGone = event.type === 'error' && event.code === ERRORS.MODEL_UNAVAILABLE.code;
      emit(isModelGone ? errorEvent('WRITING_MODEL_UNAVAILABLE', job.locale) : event);
    },
    { locale: job.locale, log: deps.log },
  );
  clearTimeout(timer);
  const isTimedOut = firstToken.signal.aborted && !job.signal.aborted;
  if (isTimedOut) {
    deps.log.warn({ modelId: job.modelId, ms: deps.firstTokenMs }, 'ai writing: no first token in time');
    emit(errorEvent('ANSWER_TIMEOUT', job.locale));
  }
  if (hasFailed || isTimedOut) {
    await refundPoints(deps.db, job.debit, 'ai_writing_refund').then(
      () => identityCacheOf(deps.db).forgetTeamAccounts(job.debit.teamId),
      (error: unknown) => deps.log.error({ err: error }, 'ai writing: refund failed'),
    );
  }
}
