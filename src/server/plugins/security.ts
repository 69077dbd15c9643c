import type { AppConfig } from '../config';

/**
 * The Content-Security-Policy the app runs under. Emotion (MUI) injects <style> tags, hence
 * 'unsafe-inline' for styles only; hls.js plays from blob: URLs and may start a blob: worker.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'publicUrl' | 'newsletterEmbedUrl' | 'googleClientId'>): Record<string, string[] | null> {
  // Google's sign-in script, its pop-up frame and the profile call, only when Google sign-in is on.
  const google = config.googleClientId ? ['https://accounts.google.com'] : [];
  const googleApi = config.googleClientId ? ['https://www.googleapis.com'] : [];
  const frames = [...(config.newsletterEmbedUrl ? [new URL(config.newsletterEmbedUrl).origin] : []), ...google];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...google],
    styleSrc: ["'self'", "'unsafe-inline'", ...google],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...google, ...googleApi],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    frameSrc: frames.length ? frames : ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
  };
}
