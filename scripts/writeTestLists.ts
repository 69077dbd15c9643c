import fs from 'node:fs';
import path from 'node:path';
import { declarations, ROOT, withTestLists } from '../tests/utils/databaseRule';

// Rewrites package.json's jest lists of which server test files run on PGlite and on PostgreSQL,
// from each file's `// @databases` line (tests/utils/databaseRule.ts).
const file = path.join(ROOT, 'package.json');
const decls = declarations();
const problems = decls.filter((d) => 'problem' in d);
if (problems.length) {
  for (const p of problems) console.error(`${p.file}: ${'problem' in p ? p.problem : ''}`);
  process.exit(1);
}
const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
fs.writeFileSync(file, `${JSON.stringify(withTestLists(pkg, decls), null, 2)}\n`);
console.log("Wrote the server projects' file lists in package.json from the `// @databases` lines.");
