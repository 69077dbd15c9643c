import fs from 'node:fs';
import path from 'node:path';

/**
 * The map in docs/ stays true: every section a comment cites exists, every path the feature map names
 * exists, and every document the README and the docs link to is there. Code cites docs/behaviour.md
 * only: the product's specification lives outside the repository (a clean clone has no ../shared), so
 * a "Spec §4" in a comment would point a newcomer at nothing.
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

/** Every source, test and journey file but this one, whose patterns would cite themselves. */
const codeFiles = () =>
  ['src', 'tests', 'e2e']
    .flatMap(filesUnder)
    .filter((file) => file !== path.join('tests', 'tooling', 'docsMap.test.ts'));

/** Words as prose: a comment's line breaks (with their '*' or '//') and a document's wrapping are spaces. */
const prose = (text: string) =>
  text
    .replace(/\s*\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** behaviour.md's sections by number ('§4'), with their text, and GitHub's anchor of each heading. */
function behaviourSections() {
  const doc = read('docs/behaviour.md');
  const headings = [...doc.matchAll(/^## (§\d+)(.*)$/gm)];
  const text = new Map(
    headings.map((h, i) => [h[1]!, prose(doc.slice(h.index, headings[i + 1]?.index ?? doc.length))]),
  );
  const anchors = new Set(
    headings.map((h) =>
      `${h[1]}${h[2]}`
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .trim()
        .replace(/ /g, '-'),
    ),
  );
  return { doc: prose(doc), text, anchors };
}

/**
 * What a § is read with: its block comment, else its run of line comments, up to it; outside a comment
 * (a test's name, say) its own line.
 */
function citedWith(source: string, at: number): string {
  const open = source.lastIndexOf('/*', at);
  if (open !== -1 && source.lastIndexOf('*/', at) < open) return source.slice(open, at);
  const lines = source.slice(0, at).split('\n');
  const run: string[] = [lines.pop()!];
  if (!run[0]!.includes('//')) return run[0]!;
  while (lines.length && /^\s*\/\//.test(lines.at(-1)!)) run.unshift(lines.pop()!);
  return run.join('\n');
}

it('every docs/behaviour.md section, named part and anchor the code cites is there', () => {
  const { doc, text, anchors } = behaviourSections();
  expect(text.size).toBeGreaterThanOrEqual(9);
  const citations = codeFiles().flatMap((file) =>
    [...read(file).matchAll(/behaviour\.md(?: (§\d+))?(?: "([^"]+)")?|behaviour\.md#([\w-]+)/g)].map((m) => ({
      file,
      section: m[1],
      name: m[2],
      anchor: m[3],
    })),
  );
  expect(citations.filter((c) => c.section).length).toBeGreaterThan(100);
  const broken = citations.filter(
    (c) =>
      (c.section && !text.has(c.section)) ||
      (c.name && !(c.section ? (text.get(c.section) ?? '') : doc).includes(prose(c.name))) ||
      (c.anchor && !anchors.has(c.anchor)),
  );
  expect(broken).toEqual([]);
});

it("every § in a comment is docs/behaviour.md's or an RFC's, never the out-of-repo spec's", () => {
  const { text } = behaviourSections();
  const stray = codeFiles().flatMap((file) => {
    const source = read(file);
    const spec = [...source.matchAll(/\b[Ss]pec(?:'s)?\b[^\n.;]{0,40}§\d|\b[Ss]pec "[^"]+"/g)].map((m) => m[0]);
    // A bare '(§5)' belongs to the behaviour.md (or RFC) its comment cited before it.
    const bare = [...source.matchAll(/§(\d+)/g)].flatMap((m) => {
      const comment = citedWith(source, m.index);
      if (/RFC \d+[^§]*$/.test(comment) || /RFC \d+ §[\d.]+(?:[^§]*§[\d.]+)*[^§]*$/.test(comment)) return [];
      return comment.includes('behaviour.md') && text.has(`§${m[1]}`) ? [] : [`§${m[1]}`];
    });
    return [...spec, ...bare].map((cite) => `${file}: ${cite}`);
  });
  expect(stray).toEqual([]);
});

it('every document a comment in src cites exists', () => {
  const docs = filesUnder('src').flatMap((file) =>
    [...read(file).matchAll(/\bdocs\/([\w-]+\.md)/g)].map((m) => `docs/${m[1]}`),
  );
  expect([...new Set(docs)].filter((d) => !exists(d))).toEqual([]);
});

/**
 * Where a name in the feature map may live. A row names a folder once and then the files in it by
 * name (`tests/server/modules/orders/cancelOrder.test.ts`, `transferTicket.test.ts`; `sales` and its
 * `attendeesCsv.ts`), modules by their own folder (`streams/urlSigner.ts`), and e2e journeys without
 * their suffix (`e2e/browse`).
 */
const MODULE_ROOTS = ['src/server/modules', 'src/client/features', 'src/client/studio', 'src/server', 'src/client'];
const rootPlaces = (name: string) => [
  name,
  `src/${name}`,
  ...MODULE_ROOTS.map((root) => `${root}/${name}`),
  ...(name.startsWith('e2e/') ? [`${name}.e2e.ts`] : []),
];
const found = (file: string) => (file.includes('*') ? exists(path.dirname(file)) : exists(file));
const folderOf = (place: string) => (place.endsWith('/') ? place.slice(0, -1) : path.dirname(place));
/** Written as a path: a folder, a file or an e2e journey (not a variable, a call or a command). */
const isPath = (name: string) => /\/|\.(tsx?|mjs|md|conf)$/.test(name) && !/^(https?:|\/)/.test(name);

it("every folder and file the feature map names exists, in its row's folders", () => {
  const rows = read('docs/feature-map.md')
    .split('\n')
    .filter((line) => line.startsWith('|'));
  const named: string[] = [];
  const missing = rows.flatMap((row) => {
    const names = [...row.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
    // The row's folders: those of the paths it names from the root, and of the modules it names by a word.
    const folders = names.flatMap((name) => {
      const place = (isPath(name) ? rootPlaces(name) : MODULE_ROOTS.map((r) => `${r}/${name}/`)).find(found);
      return place ? [folderOf(place)] : [];
    });
    return names.filter(isPath).flatMap((name) => {
      named.push(name);
      const places = [...rootPlaces(name), ...folders.map((folder) => `${folder}/${name}`)];
      return places.some(found) ? [] : [name];
    });
  });
  expect(named.length).toBeGreaterThan(300);
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
