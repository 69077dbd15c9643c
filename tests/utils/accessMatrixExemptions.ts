/**
 * The routes the access matrix (tests/server/accessMatrix.test.ts) does not check, one
 * method and path at a time, each with why no person's token decides what it answers. A route is
 * never exempt by its prefix: a new route under /v1/public/ or /v1/asset/ is in neither the matrix
 * nor this list, and the matrix fails until it is placed.
 */
export const EXEMPT_FROM_THE_MATRIX: Record<string, string> = {
  // The catalog: public, the same for every caller (tests/server/modules/catalog/).
  'GET /v1/carousel': 'the catalog: public',
  'GET /v1/pagecategory': 'the catalog: public',
  'GET /v1/pagecategory/listing': 'the catalog: public',
  'GET /v1/pagecategory/:categoryId/events': 'the catalog: public',
  'GET /v1/asset/:id': 'the catalog: one public event',
  'GET /v1/subscription/:id': 'the catalog: a public pass',
  'GET /v1/agreement/:id': 'the catalog: public terms',
  'GET /v1/footerlink/:id': 'the catalog: public links',
  'GET /misc/data': 'public settings',
  'GET /v1/public/config': "the storefront's public config",
  'POST /v1/public/newsletter':
    'a newsletter signup: no account, nothing owned (tests/server/modules/newsletter/newsletter.test.ts)',
  'GET /v1/events/:id/calendar.ics':
    "an event's calendar file: public (tests/server/modules/calendar/calendar.test.ts)",
  'GET /v1/live':
    'the shows on air and their counts: public, the same for every caller (tests/server/modules/live/liveNow.test.ts)',
  'GET /v1/live/:id':
    "a live show's public state: nothing a ticket gives (tests/server/modules/live/liveStateRoute.test.ts)",
  'GET /media/uploads/:name':
    'uploaded posters and slides: public pictures named by content (tests/server/modules/eventAdmin/images.test.ts)',
  // Signing in: the caller proves an e-mail address, not a token (tests/server/modules/identity/).
  'GET /v1/token/guest': 'issues a guest token to anyone',
  'POST /v1/checkuser': 'sign-in: whether an address has an account',
  'POST /v1/login': 'sign-in: mails a code to the address',
  'POST /v1/register': 'sign-in: mails a code to the address',
  'POST /v1/verifyotp': 'sign-in: the mailed code is the proof',
  'POST /v1/logout':
    "ends the caller's own sessions: it names no one else's (tests/server/modules/profile/sessionAndProfile.test.ts)",
  // Payments: the provider's signature or the intent's client secret is the proof, not a token.
  'POST /v1/payments/webhook':
    "the payment provider's events, proved by their signature (tests/server/modules/payments/)",
  'GET /payments/sandbox/authenticate/:intentId': "the sandbox's card page, proved by the intent's client secret",
  'POST /payments/sandbox/authenticate/:intentId': "the sandbox's card page, proved by the intent's client secret",
  // The guaranteed view's make-good link: the token in the address proves the ticket (tests/server/modules/guarantee/).
  'GET /v1/make-good/:token': 'a make-good link: its token proves the ticket; a link that is not one is 404 to all',
  'POST /v1/make-good/:token': 'a make-good link: its token proves the ticket; a link that is not one is 404 to all',
  // Development and operations: loopback only, never a person's token (tests/server/platform/privateFiles.test.ts).
  'POST /dev/guarantee/run': 'development: runs the guarantee judge, loopback only',
  'GET /dev/mailbox.json': 'development: the outbox, loopback only',
  'GET /dev/mailbox': 'development: the outbox, loopback only',
  'GET /dev/api': 'development: the API reference, loopback only',
  'GET /openapi.json': 'the published API document',
  'GET /healthz': 'liveness',
  'GET /readyz': 'readiness',
  'GET /metrics': 'metrics: loopback and METRICS_ALLOW only (tests/server/modules/health/readinessAndMetrics.test.ts)',
  // The web app's own files.
  'GET /': "the web app's page",
  'GET /*': "the web app's pages (its own routing) and files: public",
  'GET /robots.txt': "crawlers' rules",
  'GET /sitemap.xml': "crawlers' list of public pages",
};
