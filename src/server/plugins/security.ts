import type { AppConfig } from '../config';

/**
 * The Content-Security-Policy the app runs under. Emotion (MUI) injects <style> tags, hence
 * 'unsafe-inline' for styles only; hls.js plays from blob: URLs and may start a blob: worker.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'publicUrl' | 'newsletterEmbedUrl'>): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    frameSrc: config.newsletterEmbedUrl ? [new URL(config.newsletterEmbedUrl).origin] : ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
  };
}
