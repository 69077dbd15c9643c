import type { AppConfig } from '../config';

/**
 * The Content-Security-Policy the app runs under. Emotion (MUI) injects <style> tags, hence
 * 'unsafe-inline' for styles only; hls.js plays from blob: URLs and may start a blob: worker.
 */
export function contentSecurityPolicy(
  config: Pick<AppConfig, 'publicUrl' | 'newsletterEmbedUrl' | 'googleClientId'> & { payments?: AppConfig['payments'] },
): Record<string, string[] | null> {
  // Google's sign-in script, its pop-up frame and the profile call, only when Google sign-in is on.
  const google = config.googleClientId ? ['https://accounts.google.com'] : [];
  const googleApi = config.googleClientId ? ['https://www.googleapis.com'] : [];
  // Stripe.js, its card frames and its API, only with the stripe provider (Stripe's documented CSP).
  const stripe = config.payments?.provider === 'stripe';
  const stripeScript = stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeApi = stripe ? ['https://api.stripe.com'] : [];
  const frames = [
    ...(config.newsletterEmbedUrl ? [new URL(config.newsletterEmbedUrl).origin] : []),
    ...google,
    ...stripeFrames,
  ];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...google, ...stripeScript],
    styleSrc: ["'self'", "'unsafe-inline'", ...google],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...google, ...googleApi, ...stripeApi],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    frameSrc: frames.length ? frames : ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
  };
}
