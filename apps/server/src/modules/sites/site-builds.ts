import type { SiteFile, SitePublication } from '@tandem/contract/chat-sites';
import { chatChannel } from '@tandem/contract/realtime-channels';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { siteVersions } from '../../db/schema.ts';
import type { ServerProcess } from '../../platform/cluster/server-process.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { buildSiteInChild, type ChildBuildLimits } from './build-in-child.ts';
import type { BuildResult } from './build-site.ts';
import { type MadeVersion, recordSiteVersion } from './site-versions.ts';

type Job = { conversationId: string; version: number };

/** Builds a version's files; `signal` ends the build when the server closes (it then rejects). */
export type BuildFiles = (
  files: SiteFile[],
  limits: ChildBuildLimits,
  signal: AbortSignal,
) => Promise<BuildResult>;

export type SiteBuilderDeps = {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** This process: it builds the versions it claims; those of processes that are gone are built again. */
  owner: ServerProcess;
  /** Builds running at once in this process; the rest wait their turn. */
  buildsAtOnce: number;
  /** A build running longer fails. */
  timeoutMs: number;
  /** A build whose processes hold more resident memory fails. */
  memoryMb: number;
  /** How much nicer than the server builds run (0 to 19); BUILD_NICENESS unless set. */
  niceness?: number;
  /** Tests replace the build to hold one up or count them. */
  build?: BuildFiles;
};

/**
 * Makes the versions of conversations' sites from web-builder replies and builds them apart from the
 * requests and replies that caused them: a queue of at most `buildsAtOnce` esbuild builds at a time,
 * each in a process of its own under a time and a memory limit. Each version's status
 * reaches the conversation's channel when it is made (`building`) and when its build ends.
 */
export function createSiteBuilder({
  db,
  realtime,
  log,
  owner,
  buildsAtOnce,
  timeoutMs,
  memoryMb,
  niceness,
  build = (files, limits, signal) => buildSiteInChild(files, limits, { signal }),
}: SiteBuilderDeps) {
  const waiting: Job[] = [];
  const queued = new Set<string>();
  let running = 0;
  let isClosed = false;
  const closing = new AbortController();
  const idle = new Set<() => void>();
  const keyOf = (job: Job) => `${job.conversationId}#${job.version}`;

  const publish = (conversationId: string, publication: SitePublication) =>
    realtime.publisher.publish(chatChannel(conversationId), publication);

  /** The job's version while this process has it to build. */
  const claimedHere = (job: Job) =>
    and(
      eq(siteVersions.conversationId, job.conversationId),
      eq(siteVersions.version, job.version),
      eq(siteVersions.status, 'building'),
      eq(siteVersions.builderId, owner.id),
    );

  async function runBuild(job: Job) {
    const [row] = await db
      .select({ files: siteVersions.files, messageId: siteVersions.messageId })
      .from(siteVersions)
      .where(claimedHere(job));
    if (!row) return;
    let result: BuildResult;
    try {
      result = await build(row.files, { timeoutMs, memoryMb, niceness }, closing.signal);
    } catch (error) {
      if (closing.signal.aborted) return;
      log.error({ err: error, ...job }, 'site build broke');
      result = {
        status: 'fail',
        errors: [{ file: null, line: null, column: null, text: 'The build could not run.' }],
      };
    }
    const errors = result.status === 'fail' ? result.errors : [];
    const [saved] = await db
      .update(siteVersions)
      .set({
        status: result.status,
        errors,
        output: result.status === 'ready' ? result.output : null,
        builderId: null,
        builtAt: new Date(),
      })
      .where(claimedHere(job))
      .returning({ version: siteVersions.version });
    if (saved) {
      await publish(job.conversationId, {
        type: 'site_version',
        version: job.version,
        status: result.status,
        message_id: row.messageId,
        errors,
      });
    }
  }

  function next() {
    while (!isClosed && running < buildsAtOnce && waiting.length > 0) {
      const job = waiting.shift()!;
      running += 1;
      void runBuild(job)
        .catch((error: unknown) => log.error({ err: error, ...job }, 'site build not saved'))
        .finally(() => {
          running -= 1;
          queued.delete(keyOf(job));
          next();
        });
    }
    if (running === 0 && waiting.length === 0) {
      for (const resolve of idle) resolve();
      idle.clear();
    }
  }

  function enqueue(job: Job) {
    if (isClosed || queued.has(keyOf(job))) return;
    queued.add(keyOf(job));
    waiting.push(job);
    next();
  }

  return {
    /**
     * The next version of the conversation's site from a finished (or stopped) reply, queued to build;
     * none when the reply wrote no file.
     */
    async fromReply(reply: { conversationId: string; messageId: number; content: string }) {
      const made: MadeVersion | undefined = await recordSiteVersion(db, reply, owner.id);
      if (!made) return undefined;
      await publish(made.conversationId, {
        type: 'site_version',
        version: made.version,
        status: 'building',
        message_id: made.messageId,
        errors: [],
      });
      enqueue(made);
      return made;
    },

    /** Takes over the `building` versions of processes that are gone (a crash mid-build), and builds them. */
    async takeBackOrphans() {
      const taken = await db
        .update(siteVersions)
        .set({ builderId: owner.id })
        .where(and(eq(siteVersions.status, 'building'), sql`${owner.isGone(siteVersions.builderId)}`))
        .returning({ conversationId: siteVersions.conversationId, version: siteVersions.version });
      for (const job of taken) enqueue(job);
      return taken.length;
    },

    /** Builds running or waiting in this process. */
    pendingCount: () => running + waiting.length,

    /** Settles once nothing is building or waiting (tests). */
    settled: () =>
      running === 0 && waiting.length === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => idle.add(resolve)),

    /**
     * Stops taking builds and ends the running ones (their processes killed); their versions and the
     * waiting ones stay `building`, claimed by this process, and another process builds them once this
     * one is gone.
     */
    async close() {
      isClosed = true;
      waiting.length = 0;
      closing.abort(new Error('The server is closing.'));
      while (running > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}

export type SiteBuilder = ReturnType<typeof createSiteBuilder>;
