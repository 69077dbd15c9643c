/**
 * Where the API lives. Empty = the page's own origin (one process serves app and API). A build can
 * point elsewhere with API_HOST; tests set process.env.API_HOST to their server. Read per call.
 */
export function apiHost(): string {
  const fromEnv = typeof process !== 'undefined' ? process.env.API_HOST : undefined;
  return (fromEnv ?? '').replace(/\/$/, '');
}

/** docs/behaviour.md §7: the API host plus '/v1', except '/misc/data' which lives on the host itself. */
export function resolveUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const host = apiHost();
  return path.includes('/misc/data') ? `${host}${path}` : `${host}/v1${path}`;
}
