/**
 * Full-page navigation to another document (the sandbox's authentication page). Kept behind an
 * object so tests can observe it: jsdom cannot navigate, and window.location cannot be spied on.
 */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
};
