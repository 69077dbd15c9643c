import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: the production start, plain `node` on the compiled server (dist-server/, made by
 * `npm run build` with the client). It never builds: a production host may have no build tools,
 * and a build there would race between instances. Without the client build it refuses in one line.
 * The server then migrates and seeds an empty database before it listens (src/server/main.ts).
 */
const distDir = path.resolve(process.env.CLIENT_DIST_DIR || 'dist');
// The server render's bundle sits beside the client build (src/server/modules/web/serverRender.ts).
const needed = [path.join(distDir, 'index.html'), path.join(path.dirname(distDir), 'dist-ssr', 'render.js')];
const missing = needed.find((file) => !fs.existsSync(file));
if (missing) {
  console.error(
    `The storefront is not built (${path.relative(process.cwd(), missing) || missing} is missing): run npm run build ` +
      `first.`,
  );
  process.exit(1);
}
void import('../main');
