import fs from 'node:fs';
import path from 'node:path';

/**
 * Which database a server test file runs on. The owner's rule: every behaviour is proven on one real
 * database, and on both only where the kind of database can change the outcome. The full API suites
 * run on PostgreSQL, where they run fastest; PGlite (the embedded default) runs the files whose result
 * can depend on the database, and one smoke file per module.
 *
 * Each file says so on its first line, and says why when it does not run on both:
 *   // @databases both: <category> — <what>      on PostgreSQL and on PGlite
 *   // @databases postgres: <why not PGlite too>  on PostgreSQL only
 *   // @databases pglite: <why not PostgreSQL too> on PGlite only
 * package.json's jest projects `server` (PGlite) and `server-postgres` are written from these lines
 * (`npx tsx scripts/writeTestLists.ts`), and tests/tooling/testPlacement.test.ts fails when a file
 * declares nothing, or when the lists are not what the lines say.
 */
export const ROOT = path.resolve(__dirname, '../..');
const SERVER_TESTS = 'tests/server';
export const WRITE_COMMAND = 'npx tsx scripts/writeTestLists.ts';

/** Where the kind of database can change the outcome (docs/architecture.md "How it is proved"). */
const BOTH_CATEGORIES = [
  'races and locks',
  'transactions',
  'SQL functions',
  'migrations',
  'outages',
  'storage',
  'PGlite dialect',
  'smoke',
] as const;

type DatabaseKinds = 'both' | 'postgres' | 'pglite';
export type Declaration = { file: string; kinds: DatabaseKinds; reason: string } | { file: string; problem: string };

const PRAGMA = /^\/\/ @databases (both|postgres|pglite): (.+)$/;

/** Every server test file, relative to the root, sorted. */
function serverTestFiles(root = ROOT): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.test.ts')) found.push(rel);
    }
  };
  walk(SERVER_TESTS);
  return found.sort();
}

/** What one file declares on its first line, or what is wrong with it. */
export function declarationOf(file: string, firstLine: string): Declaration {
  const match = PRAGMA.exec(firstLine.trim());
  if (!match) return { file, problem: 'its first line does not say `// @databases both|postgres|pglite: <why>`' };
  const kinds = match[1] as DatabaseKinds;
  const reason = match[2]!.trim();
  if (kinds === 'both' && !BOTH_CATEGORIES.some((c) => reason.startsWith(`${c} — `)))
    return { file, problem: `'both' must name its category first: one of ${BOTH_CATEGORIES.join(', ')}, then ' — '` };
  if (reason.split(/\s+/).length < 4) return { file, problem: 'the reason is fewer than four words' };
  return { file, kinds, reason };
}

export function declarations(root = ROOT): Declaration[] {
  return serverTestFiles(root).map((file) =>
    declarationOf(file, fs.readFileSync(path.join(root, file), 'utf8').split('\n', 1)[0]!),
  );
}

const jestPath = (file: string) => `<rootDir>/${file}`;

/** The jest lists the declarations give: PGlite's files, and the files PostgreSQL leaves out. */
export function jestLists(decls: Declaration[]): { pglite: string[]; postgresIgnored: string[] } {
  const ok = decls.filter((d): d is Extract<Declaration, { kinds: DatabaseKinds }> => 'kinds' in d);
  return {
    pglite: ok.filter((d) => d.kinds !== 'postgres').map((d) => jestPath(d.file)),
    postgresIgnored: ok.filter((d) => d.kinds === 'pglite').map((d) => jestPath(d.file)),
  };
}

type JestProject = { displayName?: string; testMatch?: string[]; testPathIgnorePatterns?: string[] };
type PackageJson = { jest: { projects: JestProject[] } };

/** package.json with the two server projects' lists as the declarations say. */
export function withTestLists(pkg: PackageJson, decls: Declaration[]): PackageJson {
  const lists = jestLists(decls);
  const projects = pkg.jest.projects.map((p) => {
    if (p.displayName === 'server')
      return { ...p, testMatch: lists.pglite, testPathIgnorePatterns: ['/node_modules/'] };
    if (p.displayName === 'server-postgres')
      return { ...p, testPathIgnorePatterns: ['/node_modules/', ...lists.postgresIgnored] };
    return p;
  });
  return { ...pkg, jest: { ...pkg.jest, projects } };
}

/**
 * The smoke half of the rule: every server module that answers calls (it has a routes file) has its
 * tests in tests/server/modules/<module>/, beside src/server/modules/<module>/, and at least one of
 * them runs on both databases. The modules that break it, each with what is missing.
 */
export function modulesWithoutBothFile(decls: Declaration[], root = ROOT): string[] {
  const modulesDir = path.join(root, 'src/server/modules');
  const answering = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .filter((m) => fs.readdirSync(path.join(modulesDir, m)).some((f) => /routes\.ts$/i.test(f)));
  return answering.flatMap((m) => {
    const prefix = `${SERVER_TESTS}/modules/${m}/`;
    const mine = decls.filter((d) => d.file.startsWith(prefix));
    if (mine.length === 0) return [`${m}: no tests in ${prefix}`];
    if (!mine.some((d) => 'kinds' in d && d.kinds === 'both')) return [`${m}: no file in ${prefix} runs on both`];
    return [];
  });
}
