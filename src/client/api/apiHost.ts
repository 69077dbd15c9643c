/**
 * Where the API lives. Empty = the page's own origin (one process serves app and API). A build can
 * point elsewhere with API_HOST; tests set process.env.API_HOST to their server. Read per call.
 */
export function apiHost(): string {
  const fromEnv = typeof process !== 'undefined' ? process.env.API_HOST : undefined;
  return (fromEnv ?? '').replace(/\/$/, '');
}
