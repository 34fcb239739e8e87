import { hash, verify } from '@node-rs/argon2';
import {
  CODE_EXPIRY_MS,
  CODE_LENGTH,
  CODE_MAX_WRONG_TRIES,
  CODE_RESEND_WAIT_S,
} from '@tandem/contract/limits';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema.ts';
import { newNumericCode } from '../../platform/auth/opaque-tokens.ts';
import { AppError } from '../../platform/http/app-error.ts';

export type CodeTarget = { channel: 'email' | 'sms'; target: string; purpose: number };

const HOUR_MS = 60 * 60 * 1000;

/** Requests for one address take turns until their transaction ends. */
const lockAddress = (tx: Tx, target: CodeTarget) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${target.target}`}))`);

/**
 * Issues a code for an address, or refuses: one per address and purpose every 60 s (so signing in
 * right after registering works), a capped number per IP an
 * hour. An advisory lock on the address makes two racing requests take turns.
 */
export async function issueCode(
  db: Db,
  target: CodeTarget,
  ipAddress: string,
  perIpPerHour: number,
): Promise<{ code: string; id: number }> {
  const code = newNumericCode(CODE_LENGTH);
  const codeHash = await hash(code);
  const id = await db.transaction(async (tx) => {
    await lockAddress(tx, target);
    const now = Date.now();
    const [latest] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, target.target), eq(verificationCodes.purpose, target.purpose)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const waitMs = latest ? latest.createdAt.getTime() + CODE_RESEND_WAIT_S * 1000 - now : 0;
    if (waitMs > 0) {
      throw new AppError('CODE_RESEND_WAIT', { data: { retry_after: Math.ceil(waitMs / 1000) } });
    }
    const [fromIp] = await tx
      .select({ n: count() })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.ipAddress, ipAddress),
          gt(verificationCodes.createdAt, new Date(now - HOUR_MS)),
        ),
      );
    if ((fromIp?.n ?? 0) >= perIpPerHour) throw new AppError('CODE_HOURLY_CAP');
    const [issued] = await tx
      .insert(verificationCodes)
      .values({
        ...target,
        codeHash,
        ipAddress,
        createdAt: new Date(now),
        expiresAt: new Date(now + CODE_EXPIRY_MS),
      })
      .returning({ id: verificationCodes.id });
    return issued?.id ?? 0;
  });
  return { code, id };
}

/** A code that never reached its address: gone, so it holds up neither a resend nor the hourly cap. */
export async function withdrawCode(db: Db, id: number) {
  await db.delete(verificationCodes).where(eq(verificationCodes.id, id));
}

/** Uses up the address's latest live code if `code` matches it; five wrong tries burn it. */
export async function consumeCode(db: Db, target: CodeTarget, code: string): Promise<void> {
  const isValid = await db.transaction(async (tx) => {
    await lockAddress(tx, target);
    const [live] = await tx
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.target, target.target),
          eq(verificationCodes.purpose, target.purpose),
          eq(verificationCodes.channel, target.channel),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    if (!live) return false;
    if (await verify(live.codeHash, code)) {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: new Date() })
        .where(eq(verificationCodes.id, live.id));
      return true;
    }
    const wrongTries = live.wrongTries + 1;
    await tx
      .update(verificationCodes)
      .set({ wrongTries, consumedAt: wrongTries >= CODE_MAX_WRONG_TRIES ? new Date() : null })
      .where(eq(verificationCodes.id, live.id));
    return false;
  });
  if (!isValid) throw new AppError('CODE_CHECK_FAILED');
}
