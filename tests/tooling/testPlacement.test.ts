import fs from 'node:fs';
import path from 'node:path';
import {
  declarationOf,
  declarations,
  jestLists,
  modulesWithoutBothFile,
  ROOT,
  withTestLists,
  WRITE_COMMAND,
} from '../utils/databaseRule';
import { widthDeclarationOf, widthDeclarations } from '../utils/journeyWidths';

/**
 * The owner's rule for the server suites: each behaviour on one real database, and on both where the
 * kind can change the outcome (tests/utils/databaseRule.ts). A new file that says nothing fails here,
 * and so does a package.json whose jest lists are not what the files say.
 */
const decls = declarations();

it('every server test file says on its first line where it runs, and why when not on both', () => {
  expect(decls.filter((d) => 'problem' in d)).toEqual([]);
  expect(decls.length).toBeGreaterThan(100);
});

it(`package.json's server projects run what the files declare (after a change: ${WRITE_COMMAND})`, () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  expect(pkg).toEqual(withTestLists(pkg, decls));
});

it('every server module with routes has its tests beside it (tests/server/modules/<module>/), one on both', () => {
  expect(modulesWithoutBothFile(decls)).toEqual([]);
});

it('a module without its folder of tests, or with none on both, is named', () => {
  const only = (file: string, kinds: 'both' | 'postgres') => [{ file, kinds, reason: 'smoke — a b c d' }];
  expect(modulesWithoutBothFile(only('tests/server/modules/orders/x.test.ts', 'postgres'))).toContain(
    'orders: no file in tests/server/modules/orders/ runs on both',
  );
  expect(modulesWithoutBothFile([])).toContain('orders: no tests in tests/server/modules/orders/');
});

it('a file without the line, or with "both" but no category, is refused', () => {
  expect(declarationOf('a.test.ts', "import x from 'y';")).toHaveProperty('problem');
  expect(declarationOf('a.test.ts', '// @databases both: because it matters a lot')).toHaveProperty('problem');
  expect(declarationOf('a.test.ts', '// @databases postgres: fast')).toHaveProperty('problem');
  expect(declarationOf('a.test.ts', '// @databases both: transactions — one commit or none')).toMatchObject({
    kinds: 'both',
  });
});

it('PGlite runs the files for both and its own; PostgreSQL leaves out only the ones for PGlite alone', () => {
  const lists = jestLists([
    { file: 'tests/server/a.test.ts', kinds: 'both', reason: 'smoke — x' },
    { file: 'tests/server/b.test.ts', kinds: 'postgres', reason: 'y' },
    { file: 'tests/server/c.test.ts', kinds: 'pglite', reason: 'z' },
  ]);
  expect(lists).toEqual({
    pglite: ['<rootDir>/tests/server/a.test.ts', '<rootDir>/tests/server/c.test.ts'],
    postgresIgnored: ['<rootDir>/tests/server/c.test.ts'],
  });
});

/**
 * The owner's rule for the browser journeys: each once, at the width where its behaviour lives
 * (tests/utils/journeyWidths.ts); both widths only where the screen differs, or for axe's audits.
 */
describe('journey widths', () => {
  it('every journey file says on its first line at which width it runs, and its viewports agree', () => {
    expect(widthDeclarations().filter((d) => 'problem' in d)).toEqual([]);
    expect(widthDeclarations().length).toBeGreaterThan(30);
  });

  it('a phone journey that also sets the desktop viewport, or "both" without its reason, is refused', () => {
    const phoneAndDesktop = '// @widths phone: the phone shows it first\nawait page.setViewport(DESKTOP);';
    expect(widthDeclarationOf('a.e2e.ts', phoneAndDesktop)).toHaveProperty('problem');
    const bothUnsaid = '// @widths both: because both are nice to have\nsetViewport(PHONE); setViewport(DESKTOP);';
    expect(widthDeclarationOf('a.e2e.ts', bothUnsaid)).toHaveProperty('problem');
    const undeclared = "import x from 'y';\nsetViewport(PHONE); setViewport(DESKTOP);";
    expect(widthDeclarationOf('a.e2e.ts', undeclared)).toHaveProperty('problem');
    const layout = '// @widths both: layout — the drawer at 390 px\nsetViewport(PHONE); setViewport(DESKTOP);';
    expect(widthDeclarationOf('a.e2e.ts', layout)).toMatchObject({ width: 'both' });
  });
});
