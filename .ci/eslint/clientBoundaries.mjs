// Client dependency zones, spread into import-x/no-restricted-paths by .ci/eslint.config.mjs.
// Dependencies in the browser app run one way:
//
//   main.tsx, ssr/                      entry points: start the app in the browser, render it on the server
//     → app/                            the composition root: store, router, providers, listener registration
//       → features/<name>/              screens, their endpoints, slices and listeners (acyclic between them,
//                                       through each one's public xApi.ts, xEvents.ts and xSelectors.ts)
//         → api/ and components/        the one createApi and its base query; small shared UI pieces
//           → lib/                      what they all share: paths, typed hooks, events, toasts, server data
//             → src/shared/
//
//   studio/                             the organizer's console: a second surface beside the
//                                       features, at their level: it uses lib/, api/, components/ and the
//                                       features' public files; nothing of the storefront imports it, so
//                                       MUI X and the editor stay in the console's own lazy chunks.
//
// lib/ learns the store's types without importing app/: app/store.ts merges them into lib/storeTypes.ts.
import fs from 'node:fs';
import path from 'node:path';

const CLIENT = path.resolve(import.meta.dirname, '../../src/client');
const at = (p) => `${CLIENT}/${p}`;
const under = (entry) => (entry.endsWith('.ts') || entry.endsWith('.tsx') ? at(entry) : at(`${entry}/**`));

/** The entry points, which start what app/ composes. */
const ENTRY_POINTS = ['main.tsx', 'ssr'];
/** The layers below the features. */
const BELOW_FEATURES = ['lib', 'api', 'components'];
/** Everything else in src/client but app/ itself (features/, sw.ts, sw/, and whatever is added). */
const aboveTheLayers = fs
  .readdirSync(CLIENT)
  .filter((entry) => !['app', ...ENTRY_POINTS, ...BELOW_FEATURES].includes(entry))
  .map(under);

const STOREFRONT = ['features', ...BELOW_FEATURES].map(under);
const FEATURE_PUBLIC_FILES = ['Api', 'Events', 'Selectors'].map((kind) => at(`features/*/*${kind}.ts`));

export const clientZones = [
  {
    target: STOREFRONT,
    from: at('studio'),
    message:
      'The storefront does not import the console (src/client/studio/): its code, MUI X and the editor would ' +
      "land in the shop's bundles. Move what both need down to lib/ or components/.",
  },
  {
    target: under('studio'),
    from: under('features'),
    except: FEATURE_PUBLIC_FILES,
    message:
      "The console reaches a feature only through the feature's public files (xApi.ts, xEvents.ts, " +
      'xSelectors.ts), like another feature does.',
  },
  {
    target: aboveTheLayers,
    from: at('app'),
    message:
      'src/client/app/ is the composition root: only main.tsx, ssr/ and tests import it. Import what features ' +
      'share from src/client/lib/ (paths, typed hooks, events, toast, server data), or move the piece there; ' +
      'register listeners, reducers and routes in app/ instead of reaching into it.',
  },
  {
    target: BELOW_FEATURES.map(under),
    from: [at('features'), at('app')],
    message:
      'lib/, api/ and components/ sit below the features and app/: they import neither. Move the shared piece ' +
      'down (an event the lower layer dispatches goes to lib/, e.g. lib/sessionEvents.ts), take it as a ' +
      'parameter or prop, or read state through lib/storeTypes.ts (RootState) instead of importing a slice.',
  },
  {
    target: under('lib'),
    from: [at('api'), at('components')],
    message:
      'lib/ is the bottom layer of the client: it imports neither api/ nor components/. Keep the piece in ' +
      'api/ or components/, or move what lib/ needs into lib/.',
  },
];
