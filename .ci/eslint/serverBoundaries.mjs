// Server dependency zones, spread into import-x/no-restricted-paths by .ci/eslint.config.mjs.
// Dependencies on the server run one way:
//
//   app.ts, services.ts, routes.ts, repositories.ts   the composition root: wires everything
//     → plugins/                                      Fastify plugins (hooks, decorators, documents)
//     → modules/<name>/                               routes → services → repositories, per domain
//       → db/ and platform/                           the database, and what every module uses
//         → src/shared/
//
// Module to module imports are allowed as long as they form no cycle (`npm run cycles` and
// import-x/no-cycle check that). The zones below keep the layers in their order.
import path from 'node:path';

const SERVER = path.resolve(import.meta.dirname, '../../src/server');
const at = (p) => `${SERVER}/${p}`;

/** The files that wire the server together: they may import anything, nothing imports them back. */
const compositionRoot = ['app.ts', 'main.ts', 'services.ts', 'routes.ts', 'repositories.ts'].map(at);

export const serverZones = [
  {
    target: at('modules/**'),
    from: at('plugins'),
    message:
      'A module never imports a Fastify plugin. What routes and services need (the caller, ownership, limits, ' +
      'schemas) lives in src/server/platform/: import it from there, or move the piece there.',
  },
  {
    target: at('modules/**'),
    from: compositionRoot,
    message:
      'Modules are wired by services.ts, routes.ts and repositories.ts, never the reverse. Type what you need ' +
      "from the other module's own files (its repositories.ts for repositories), or declare the shape here " +
      'and let services.ts hand it over.',
  },
  {
    // db/seed/ is demo content loaded through the catalog importer: it sits above the catalog module.
    target: [at('db/*.ts'), at('db/migrations/**')],
    from: [at('modules'), at('plugins'), ...compositionRoot],
    message:
      'db/ is below every module: it knows tables and transactions, never a module. Move a type both need ' +
      'into db/ (or platform/, or src/shared); a module registers its repositories in its own repositories.ts, ' +
      'which src/server/repositories.ts gathers for the unit of work.',
  },
  {
    target: at('platform/**'),
    from: [at('modules'), at('plugins'), at('db'), ...compositionRoot],
    message:
      'platform/ is what every module uses, so it imports only src/shared and packages: no module, plugin or ' +
      'database code. Take what it needs as an argument, or keep the piece in the module or db/ file that owns it.',
  },
];
