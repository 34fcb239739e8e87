import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** The process and its descendants, from Linux's /proc; only the process where there is none. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) {
    const parent = tree[index]!;
    let threads: string[] = [];
    try {
      threads = readdirSync(`/proc/${parent}/task`);
    } catch {}
    for (const thread of threads) {
      try {
        const children = readFileSync(`/proc/${parent}/task/${thread}/children`, 'utf8');
        tree.push(...children.split(' ').filter(Boolean).map(Number));
      } catch {}
    }
  }
  return tree;
}

/** Whether the process runs: one that has ended but is not reaped yet (a zombie) does not. */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}

/** Whether the process has ended and its parent has collected it: nothing of it is left. */
export const isReaped = (pid: number) => !existsSync(`/proc/${pid}`);

/** The process's resident memory (Linux's VmRSS), 0 once it has ended. */
export function residentKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
