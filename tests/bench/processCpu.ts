import fs from 'node:fs';

/** CPU seconds used so far by each role's processes. */
export type CpuReading = Record<string, number>;

type Stat = { pid: number; ppid: number; comm: string; seconds: number };

function readStats(): Stat[] {
  const ticks = 100; // USER_HZ: Linux reports utime and stime in 1/100 s
  const stats: Stat[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid …": comm may hold spaces, so fields are counted after its closing parenthesis.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    stats.push({
      pid: Number(name),
      comm: text.slice(text.indexOf('(') + 1, close),
      ppid: Number(fields[1]),
      // Its own time (utime, stime) and that of its children it has reaped (cutime, cstime): a
      // PostgreSQL backend that exits between two readings still counts, in the postmaster's.
      seconds: (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticks,
    });
  }
  return stats;
}

/**
 * CPU seconds per role: a role is a list of process ids (each with every process beneath it, as
 * nginx's workers are beneath its master) or a command name (every process of that name: the
 * machine's PostgreSQL and Redis).
 */
export function processCpu(roles: Record<string, number[] | string>): CpuReading {
  const stats = readStats();
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const reading: CpuReading = {};
  for (const [role, who] of Object.entries(roles)) {
    let sum = 0;
    if (typeof who === 'string') {
      for (const s of stats) if (s.comm === who) sum += s.seconds;
    } else {
      const queue = [...who];
      const seen = new Set<number>();
      while (queue.length) {
        const pid = queue.pop()!;
        if (seen.has(pid)) continue;
        seen.add(pid);
        const own = stats.find((s) => s.pid === pid);
        if (own) sum += own.seconds;
        for (const c of children.get(pid) ?? []) queue.push(c.pid);
      }
    }
    reading[role] = sum;
  }
  return reading;
}
