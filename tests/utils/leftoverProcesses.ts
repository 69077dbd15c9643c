import fs from 'node:fs';

/**
 * Processes a suite left running after it ended: a browser, a server, an encoder or nginx that a
 * test started and never stopped. Left behind they take the CPU the next suites are timed against
 * (the live journey's encoders must keep real time: on two busy cores its angles fell 344 ms apart
 * and 22 s behind live). Read from /proc (Linux); elsewhere nothing is found.
 */
type Proc = { pid: number; ppid: number; name: string };

function readProcs(): Proc[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const procs: Proc[] = [];
  for (const e of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      // "pid (name) state ppid …": the name may hold spaces and parentheses, so split at the last ')'.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const [state, ppidText] = stat.slice(close + 2).split(' ');
      const ppid = Number(ppidText);
      // Kernel threads (children of kthreadd, pid 2) are not ours to judge; a zombie has ended already.
      if (Number(e) !== 2 && ppid !== 2 && state !== 'Z') procs.push({ pid: Number(e), ppid, name });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return procs;
}

/** The processes alive now, to compare with after a suite (see `leftSince`). */
export const processSnapshot = (): Set<number> => new Set(readProcs().map((p) => p.pid));

/**
 * Processes a suite left behind: alive now, not in `before`, and orphaned (their nearest older
 * ancestor is init). What a service that was already running spawned (PostgreSQL's backends and
 * autovacuum workers) is its own, and so is what this process runs beside.
 */
export function leftSince(before: Set<number>): Proc[] {
  const procs = readProcs();
  const byPid = new Map(procs.map((p) => [p.pid, p]));
  const orphaned = (p: Proc): boolean => {
    let parent = p.ppid;
    for (let hops = 0; hops < 64; hops += 1) {
      if (parent === process.pid) return false;
      if (parent <= 1) return true;
      if (before.has(parent)) return false;
      const up = byPid.get(parent);
      if (!up) return false; // its parent just ended: judged on the next look, not now
      parent = up.ppid;
    }
    return false;
  };
  return procs.filter((p) => p.pid !== process.pid && !before.has(p.pid) && orphaned(p));
}

/** "chromium ×5, node ×1". */
export function describeProcs(procs: Proc[]): string {
  const counts = new Map<string, number>();
  for (const p of procs) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  return [...counts].map(([name, n]) => `${name} ×${n}`).join(', ');
}

/** Ends them (SIGKILL: a leftover has already outlived its suite's own shutdown). */
export function killAll(procs: Proc[]): void {
  for (const p of procs) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
