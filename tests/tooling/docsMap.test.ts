import fs from 'node:fs';
import path from 'node:path';

/**
 * The map in docs/ stays true: every section a code comment cites exists, every path the feature
 * map names exists, and every document the README and the docs link to is there.
 */
const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const exists = (file: string) => fs.existsSync(path.join(ROOT, file));

function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(rel) : /\.(ts|tsx)$/.test(e.name) ? [rel] : [];
  });
}

it('every docs/behaviour.md section a comment in src cites is a section of it', () => {
  const sections = new Set([...read('docs/behaviour.md').matchAll(/^## (§\d+)/gm)].map((m) => m[1]));
  expect(sections.size).toBeGreaterThanOrEqual(9);
  const cited = filesUnder('src').flatMap((file) =>
    [...read(file).matchAll(/docs\/behaviour\.md (§\d+)/g)].map((m) => ({ file, section: m[1]! })),
  );
  expect(cited.length).toBeGreaterThan(20);
  expect(cited.filter((c) => !sections.has(c.section))).toEqual([]);
});

it('every document a comment in src cites exists', () => {
  const docs = filesUnder('src').flatMap((file) =>
    [...read(file).matchAll(/\bdocs\/([\w-]+\.md)/g)].map((m) => `docs/${m[1]}`),
  );
  expect([...new Set(docs)].filter((d) => !exists(d))).toEqual([]);
});

it('every folder and file the feature map names exists', () => {
  const names = [...read('docs/feature-map.md').matchAll(/`((?:client|server)\/[^`]+|tests\/[^`]+|e2e\/[^`]+)`/g)].map(
    (m) => m[1]!,
  );
  expect(names.length).toBeGreaterThan(40);
  const missing = names.filter((name) => {
    const file = name.startsWith('client/') || name.startsWith('server/') ? `src/${name}` : name;
    // e2e journeys are named without their suffix (`e2e/browse`); a path may end in a glob (`Event*.test.tsx`).
    if (file.startsWith('e2e/') && !file.endsWith('/')) return !exists(`${file}.e2e.ts`) && !exists(file);
    if (file.includes('*')) return !exists(path.dirname(file));
    return !exists(file);
  });
  expect(missing).toEqual([]);
});

it('every document the README and the docs link to exists', () => {
  const links = [
    'README.md',
    ...fs
      .readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ].flatMap((file) =>
    [...read(file).matchAll(/\]\(((?!https?:)[^)#]+\.md)\)/g)].map((m) => path.join(path.dirname(file), m[1]!)),
  );
  expect(links.length).toBeGreaterThan(5);
  expect(links.filter((l) => !exists(l))).toEqual([]);
});
