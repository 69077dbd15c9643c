/**
 * Import cycles, two ways (dependencies run one way). A file-level cycle is one file
 * reaching itself through imports, type imports and import() included: ESLint's import-x/no-cycle
 * skips `import type`, so a cycle made only of types would pass it. A module-level cycle is one
 * client feature (src/client/features/<name>) or server module (src/server/modules/<name>)
 * reaching itself through other features or modules, even when no single file does: a feature
 * that imports another which imports it back is one unit split in two.
 */

/** file → the files it imports (paths relative to the repository, with forward slashes). */
export type ImportGraph = Record<string, readonly string[]>;

const UNIT_PATTERNS: readonly RegExp[] = [/^src\/client\/features\/([^/]+)\//, /^src\/server\/modules\/([^/]+)\//];

/** The feature or module a file belongs to ('client feature cart'), or null for the layers around them. */
export function unitOf(file: string): string | null {
  const [client, server] = UNIT_PATTERNS.map((pattern) => pattern.exec(file)?.[1]);
  if (client) return `client feature ${client}`;
  if (server) return `server module ${server}`;
  return null;
}

/** Strongly connected components with more than one member, or one that imports itself (Tarjan). */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph[node] ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || (graph[node] ?? []).includes(node)) cycles.push(members.sort());
  };
  for (const node of Object.keys(graph).sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The graph between features and modules, each edge with one file import that makes it. */
export function unitGraph(files: ImportGraph): { graph: ImportGraph; witness: Map<string, string> } {
  const edges = new Map<string, Set<string>>();
  const witness = new Map<string, string>();
  for (const [file, targets] of Object.entries(files)) {
    const from = unitOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = unitOf(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
      if (!witness.has(`${from} → ${to}`)) witness.set(`${from} → ${to}`, `${file} imports ${target}`);
    }
  }
  const graph: ImportGraph = Object.fromEntries([...edges].map(([unit, targets]) => [unit, [...targets].sort()]));
  return { graph, witness };
}
