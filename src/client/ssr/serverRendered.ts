import { routePatterns } from '../lib/paths';

/**
 * Screens the server renders to HTML: the ones every visitor sees alike (the catalog, the company
 * pages, sign-in and the 404 page). The rest show what only this browser knows (its cart, its
 * account, its tickets, the player) and start in the browser as before.
 */
export const SERVER_RENDERED_PATTERNS: ReadonlySet<string | undefined> = new Set([
  undefined, // the home page (the index route)
  routePatterns.events,
  routePatterns.experience,
  routePatterns.category,
  routePatterns.about,
  routePatterns.demo,
  routePatterns.event,
  routePatterns.signIn,
  routePatterns.signUp,
  routePatterns.agreement,
  '*',
]);
