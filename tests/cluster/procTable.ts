import fs from 'node:fs';

/** The processes whose parent is `pid` (an nginx master's workers), read from /proc (Linux). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === pid) children.push(Number(entry));
  }
  return children;
}

/** The socket inodes the processes `pids` hold open. */
function socketsOf(pids: number[]): Set<string> {
  const inodes = new Set<string>();
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone meanwhile
    }
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (target.startsWith('socket:[')) inodes.add(target.slice(8, -1));
      } catch {
        // closed meanwhile
      }
    }
  }
  return inodes;
}

/**
 * Established TCP connections from the processes `pids` (nginx's workers) to 127.0.0.1:`port`
 * (/proc/net/tcp, Linux): how many requests nginx has open to an instance. Other callers' connections
 * (the suite's own keep-alive ones to /healthz) are not counted.
 */
export function connectionsFrom(pids: number[], port: number): number {
  const hex = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const theirs = socketsOf(pids);
  return fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[2] === hex && f[3] === '01' && theirs.has(f[9]!)).length;
}

/**
 * Whether process `pid` takes no more requests: gone, not an nginx worker, or a worker told to quit (a
 * reloaded master's old worker retitles itself "worker process is shutting down" and accepts no more).
 */
export function takesNoRequests(pid: number): boolean {
  try {
    const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    // Only workers take requests (the cache manager and loader are replaced too, without the retitle).
    return !title.includes('worker process') || title.includes('shutting down');
  } catch {
    return true;
  }
}
