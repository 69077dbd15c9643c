export type DevicePlatform = { mobile: boolean; ios: boolean; standalone: boolean };

type NavigatorLike = Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'> & {
  userAgentData?: { mobile?: boolean };
  standalone?: boolean;
};

/**
 * Where the app runs, for the install banner: a mobile browser (Client Hints when the browser has
 * them, else the user agent), iOS (iPadOS says 'Macintosh' but has a touch screen), and whether it
 * already runs installed (display-mode standalone, or iOS's navigator.standalone).
 */
const windowMatchMedia = (query: string) =>
  typeof window.matchMedia === 'function' ? window.matchMedia(query) : { matches: false };

export function detectPlatform(
  nav: NavigatorLike = navigator,
  matchMedia: (query: string) => { matches: boolean } = windowMatchMedia,
): DevicePlatform {
  const ua = nav.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
  const mobile = ios || nav.userAgentData?.mobile === true || /Android|Mobile/i.test(ua);
  const standalone = matchMedia('(display-mode: standalone)').matches || nav.standalone === true;
  return { mobile, ios, standalone };
}
