import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A built client as small as can be (an index.html): with it the server serves the pages and their
 * files through its catch-all route, as in production, which takes every GET and HEAD that no
 * other route takes.
 */
export function smallestBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smallest-build-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
}
