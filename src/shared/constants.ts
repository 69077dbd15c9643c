// The business constants (docs/behaviour.md §9) in one place; both sides import them from here.

export const DEVICE_TYPE_ID = '1';
export const LANGUAGE_ID = '1';

export const HOME = { categoryListPageId: 1, listStart: 0, listLimit: 20, rowStart: 0, rowLimit: 7 } as const;
export const CATEGORY_PAGE = {
  groupId: 2,
  listStart: 0,
  listLimit: 20,
  listingStart: 0,
  listingLimit: 100,
  eventsOffset: 0,
  eventsLimit: 50,
} as const;
export const EXPERIENCE_CATEGORY_ID = 1;
/** The catalog's footer link set the footer shows (GET /footerlink/{id}). */
export const FOOTER_LINK_ID = 1;

/** Seconds RTK Query keeps carousel, categories, user detail and event detail fresh. */
export const CACHE_SECONDS = { catalog: 3600, userDetail: 3600, orderLookup: 0 } as const;

export const SLIDE_TRANSITION_MS = 300;
export const COUNTDOWN_TICK_MS = 1000;
export const SCROLL_AREA_HIDE_DELAY_MS = 600;
export const SCROLL_STEP_RATIO = 0.8;

export const RESEND_COUNTDOWN_S = 60;
export const MAX_CODE_ATTEMPTS = 5;
export const MOCK_SIGN_UP_CODE_LENGTH = 4;

export const CONFIRMATION_REDIRECT_S = 10;
export const INSTALL_BANNER_HIDE_MS = 5000;

/**
 * docs/behaviour.md §2 install banner and §4 service worker copy, word for word. `menuInstruction` is ours: what
 * 'Install App' says where the browser has made no install offer to hand over to.
 */
export const INSTALL_BANNER = {
  text: 'For a better viewing experience, install this app on your device.',
  installButton: 'Install App',
  iosInstruction: 'Tap Share and then Add to Home Screen',
  menuInstruction: "Open your browser's menu and choose 'Install app' or 'Add to Home screen'.",
} as const;
/**
 * Paths the server answers itself (API, media, server-rendered pages such as the sandbox payment
 * authentication and the dev mailbox): never the app's index.html, from the server or the service worker.
 */
export const SERVER_PATH_PREFIXES = ['/v1', '/misc', '/media', '/dev', '/healthz', '/assets', '/payments'] as const;
export const SERVICE_WORKER = {
  url: '/sw.js',
  scope: '/',
  updateAlert: 'New content available — updating...',
} as const;

export const TOASTS = {
  maxVisible: 3,
  durationMs: 4000,
  anchor: { vertical: 'bottom', horizontal: 'right' },
  widthPx: 356,
  gapPx: 14,
  hotkey: 'Alt+T',
  swipeDismissPx: 45,
} as const;

/** 0 means no timeout, as the spec's HTTP client. */
export const HTTP_TIMEOUT_MS = 0;

export const DISPLAY_TIME_ZONE = 'America/New_York';

export const PLAYER = { maxStreams: 9, type: 'vod', multiview: true, chat: false } as const;

/** Login sources of docs/behaviour.md §3. */
export const LOGIN_SOURCE = { google: 1, facebook: 2, emailCode: 3 } as const;

/** Values of the redirect marker kept in localStorage under `redirect_url`. */
export const REDIRECT_MARKERS = ['cart', 'vocher'] as const;
export type RedirectMarker = (typeof REDIRECT_MARKERS)[number];

/** Settings key the client reads through /misc/data. */
export const DEMO_USE_KEY = 'demoUse';
