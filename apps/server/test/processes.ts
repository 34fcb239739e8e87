import { readFileSync } from 'node:fs';
import { isRunning, processTree } from '../src/modules/sites/process-tree.ts';

/** The process's parent and niceness, from /proc/<pid>/stat (fields 4 and 19). */
function statOf(pid: number): { parent: number; niceness: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), niceness: Number(fields[16]) };
  } catch {
    return undefined;
  }
}

/** The process's command line, words separated by spaces. */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** This process's children running now whose command matches `pattern`. */
export const childrenRunning = (pattern: RegExp) =>
  processTree(process.pid).filter((pid) => {
    return statOf(pid)?.parent === process.pid && isRunning(pid) && pattern.test(commandOf(pid));
  });

/**
 * Samples, every few milliseconds until stopped, the processes under this one that were not there when
 * it started: every one seen (pid, command line, parent, niceness), those running now, and the most of its own
 * children running at once whose command matches `counted` (a child's child, between its fork and its
 * exec, shows its parent's command).
 */
export function watchNewProcesses(counted: RegExp) {
  const before = new Set(processTree(process.pid));
  type Seen = { pid: number; command: string; parent?: number; niceness?: number };
  const seen = new Map<number, Seen>();
  let running: Seen[] = [];
  let mostAtOnce = 0;
  const sample = () => {
    running = processTree(process.pid)
      .filter((pid) => !before.has(pid) && isRunning(pid))
      .map((pid) => ({ pid, command: commandOf(pid), ...statOf(pid) }));
    for (const each of running) if (each.command) seen.set(each.pid, each);
    const counting = running.filter(({ command, parent }) => parent === process.pid && counted.test(command));
    mostAtOnce = Math.max(mostAtOnce, counting.length);
  };
  const timer = setInterval(sample, 5);
  return {
    running: () => running,
    seen: () => [...seen.values()],
    mostAtOnce: () => mostAtOnce,
    stop: () => clearInterval(timer),
  };
}
