import { readFileSync } from 'node:fs';
import { isRunning, processTree } from '../src/modules/sites/build-in-child.ts';

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** This process's children running now whose command matches `pattern`. */
export const childrenRunning = (pattern: RegExp) =>
  processTree(process.pid).filter((pid) => {
    return parentOf(pid) === process.pid && isRunning(pid) && pattern.test(commandOf(pid));
  });

/**
 * Samples, every few milliseconds until stopped, the processes under this one that were not there when
 * it started: every one seen (pid and command line), those running now, and the most of its own
 * children running at once whose command matches `counted` (a child's child, between its fork and its
 * exec, shows its parent's command).
 */
export function watchNewProcesses(counted: RegExp) {
  const before = new Set(processTree(process.pid));
  const seen = new Map<number, { command: string; parent: number | undefined }>();
  let running: { pid: number; command: string; parent: number | undefined }[] = [];
  let mostAtOnce = 0;
  const sample = () => {
    running = processTree(process.pid)
      .filter((pid) => !before.has(pid) && isRunning(pid))
      .map((pid) => ({ pid, command: commandOf(pid), parent: parentOf(pid) }));
    for (const { pid, command, parent } of running) if (command) seen.set(pid, { command, parent });
    const counting = running.filter(({ command, parent }) => parent === process.pid && counted.test(command));
    mostAtOnce = Math.max(mostAtOnce, counting.length);
  };
  const timer = setInterval(sample, 5);
  return {
    running: () => running,
    seen: () => [...seen].map(([pid, seenAs]) => ({ pid, ...seenAs })),
    mostAtOnce: () => mostAtOnce,
    stop: () => clearInterval(timer),
  };
}
