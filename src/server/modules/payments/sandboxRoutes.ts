import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { returnUrl, sandboxConfirmBody, sandboxConfirmResponse } from '../../../shared/contract/payments';
import { centsToDollars, formatPrice } from '../../../shared/money';
import { requireUser } from '../../platform/callerIdentity';
import { perCaller } from '../../platform/callerLimits';
import { withErrors } from '../../platform/schemas';
import { esc } from '../mail/templates';
import type { SandboxProvider } from './sandboxProvider';
import type { SandboxIntentRow } from './sandboxRepository';

const AUTH_PATH = '/payments/sandbox/authenticate';
/** `return_url` is only a path on this site (the contract's pattern): the page sends buyers nowhere else. */
const authQuery = z.object({ client_secret: z.string().min(10).max(200), return_url: returnUrl });
/** The authentication page's answers that are pages, not JSON, in the API document's words. */
const page = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const backToReturnUrl = z.null().meta({
  description: 'Back to `return_url`, with `payment_intent`, `payment_intent_client_secret` and `redirect_status`.',
  headers: { location: { type: 'string', description: '`return_url` with the query above.' } },
});

/**
 * The sandbox's pages and calls: the card form's confirmation (a signed-in user's own intents), and
 * the authentication page a card such as 4000 0025 0000 3155 asks for, with Complete and Fail, after
 * which the browser goes back to the return URL with Stripe's query parameters.
 */
type SandboxOptions = { sandbox: SandboxProvider; cardAttemptsPerMinute: number; onPaymentFailed: () => void };

export const sandboxRoutes: FastifyPluginAsyncZod<SandboxOptions> = async (app, opts) => {
  const { sandbox } = opts;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/v1/payments/sandbox/confirm',
    {
      config: { auth: 'user', rateLimit: perCaller(opts.cardAttemptsPerMinute) },
      schema: {
        summary: 'Sandbox only: confirm a card payment',
        description:
          'Sandbox only: the card form\'s "Confirm and Pay" with Stripe\'s test cards (the README\'s "Sandbox test ' +
          'cards"), ' +
          "for the caller's own intent (`client_secret`). Answers `data: {status, error, next_action}` like " +
          "Stripe.js's " +
          '`confirmPayment`. `return_url` must be a path on this site.',
        tags: ['payments'],
        body: sandboxConfirmBody,
        response: withErrors({ 200: sandboxConfirmResponse }, 404),
      },
    },
    async (req) => {
      const user = requireUser(req);
      const result = await sandbox.confirm(
        user.userId,
        req.body.client_secret,
        req.body.card,
        (row) =>
          `${AUTH_PATH}/${encodeURIComponent(row.id)}?` +
          new URLSearchParams({ client_secret: row.client_secret, return_url: req.body.return_url }).toString(),
      );
      // A declined card, as Stripe would report it with a payment_failed event.
      if (result.error?.type === 'card_error' && result.status === 'requires_payment_method') opts.onPaymentFailed();
      return { success: result.error === null, message: result.error?.message ?? result.status, data: result };
    },
  );

  app.get(
    `${AUTH_PATH}/:intentId`,
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Sandbox only: the payment authentication page',
        description:
          "Sandbox only: the HTML page a card such as 4000 0025 0000 3155 asks for, the sandbox's stand-in for 3D " +
          'Secure, ' +
          'with Complete and Fail. Its form posts here; the browser then goes back to `return_url` (a path on this ' +
          'site) with `payment_intent`, `payment_intent_client_secret` and `redirect_status`.',
        tags: ['payments'],
        params: z.object({ intentId: z.string().max(100) }),
        querystring: authQuery,
        response: {
          200: page('The page (also for an unknown payment or one with nothing to authenticate, which it says).'),
        },
      },
    },
    async (req, reply) => {
      const row = await sandbox.pendingAuthentication(req.params.intentId, req.query.client_secret);
      void reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      return authenticationPage(row);
    },
  );

  app.post(
    `${AUTH_PATH}/:intentId`,
    {
      config: { auth: 'none', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary: 'Sandbox only: complete or fail the payment authentication',
        description:
          "Sandbox only: the authentication page's form (`outcome`: `complete` or `fail`). Redirects (303) to " +
          '`return_url` ' +
          '(a path on this site) with `payment_intent`, `payment_intent_client_secret` and `redirect_status` ' +
          '(`succeeded` or `failed`); an unknown payment is a 404 page. At most 20 a minute.',
        tags: ['payments'],
        params: z.object({ intentId: z.string().max(100) }),
        querystring: authQuery,
        body: z.object({ outcome: z.enum(['complete', 'fail']) }),
        response: { 303: backToReturnUrl, 404: page('A page saying the payment was not found.') },
      },
    },
    async (req, reply) => {
      const returnUrl = req.query.return_url;
      const row = await sandbox.pendingAuthentication(req.params.intentId, req.query.client_secret);
      if (!row) return reply.status(404).type('text/html; charset=utf-8').send(authenticationPage(undefined));
      const status = await sandbox.authenticate(row, req.body.outcome === 'complete');
      const params = new URLSearchParams({
        payment_intent: row.id,
        payment_intent_client_secret: row.client_secret,
        redirect_status: status === 'succeeded' ? 'succeeded' : 'failed',
      });
      return reply.redirect(`${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${params}`, 303);
    },
  );
};

function authenticationPage(row: SandboxIntentRow | undefined): string {
  const body = !row
    ? '<h1>Payment not found</h1><p>This authentication link is not valid.</p>'
    : row.status !== 'requires_action'
      ? '<h1>Nothing to authenticate</h1><p>This payment does not need authentication now.</p>'
      : `<h1>Confirm your payment</h1>
<p>AllAccess Sandbox Bank asks you to authenticate a payment of ` +
        `<strong>${esc(formatPrice(centsToDollars(row.amount_cents)))}</strong>.</p>
<p class="note">This is the sandbox's stand-in for 3D Secure: no real bank is involved.</p>
<form method="post"><button name="outcome" value="complete" class="primary">Complete</button> <button name="outcome" ` +
        `value="fail">Fail</button></form>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
    `content="width=device-width, initial-scale=1">
<title>Authenticate payment — AllAccess sandbox</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{margin:0;background:#0b0a12;color:#f4f2f8;font:16px/1.5 system-ui,-apple-system,'Segoe ` +
    `UI',Roboto,Arial,sans-serif}
main{max-width:440px;margin:10vh auto;padding:32px ` +
    `24px;background:#17151f;border-radius:12px}h1{font-size:1.5rem;margin:0 0 16px}
.note{color:#b9b4c7}button{font:inherit;font-weight:700;padding:12px 24px;border-radius:8px;border:2px solid ` +
    `#f4f2f8;background:transparent;color:#f4f2f8;cursor:pointer;margin-top:8px}
button.primary{background:#ff3d7f;border-color:#ff3d7f;color:#0b0a12}button:focus-visible{outline:3px solid ` +
    `#8ab4ff;outline-offset:2px}</style></head>
<body><main>${body}</main></body></html>`
  );
}
