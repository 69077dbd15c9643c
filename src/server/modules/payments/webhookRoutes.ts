import type { FastifyPluginAsync } from 'fastify';
import type { UnitOfWork } from '../../db/unitOfWork';
import { WEBHOOK_SIGNATURE_FAILED, WebhookSignatureError, type PaymentProvider, type ProviderEvent } from './provider';
import type { PaymentRepositories } from './repositories';
import { WebhookPayloadError } from './webhookEvent';
import { ok } from '../../platform/successEnvelope';

/**
 * Who acts on a verified event: the orders module's checkout, handed over by routes.ts. Named here,
 * not imported: orders builds on payments (the provider), so payments never reaches back to orders.
 */
type PaymentEventHandler = { handleEvent(event: ProviderEvent): Promise<'ordered' | 'ignored'> };

/**
 * POST /v1/payments/webhook: the provider's events. The signature is checked over the raw bytes, so
 * this plugin (and only it) reads JSON bodies as a Buffer. A bad signature is a 400; an event
 * handled before is a 200 with no work; a failure of ours is a 5xx so the provider sends it again.
 */
type WebhookOptions = {
  provider: PaymentProvider;
  checkout: PaymentEventHandler;
  uow: UnitOfWork<Pick<PaymentRepositories, 'paymentEvents'>>;
  onPaymentFailed: () => void;
};

export const webhookRoutes: FastifyPluginAsync<WebhookOptions> = async (app, opts) => {
  // The app's JSON parser (plugins/jsonBody.ts) is replaced here: the signature is over the raw bytes.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post('/payments/webhook', { config: { auth: 'none', rateLimit: false } }, async (req, reply) => {
    const raw = req.body;
    if (!Buffer.isBuffer(raw))
      return reply.status(400).send({ success: false, message: 'Expected a JSON body', data: null });
    const header = req.headers['stripe-signature'];
    let event;
    try {
      event = opts.provider.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
    } catch (err) {
      if (err instanceof WebhookPayloadError) {
        req.log.warn({ reason: err.message }, 'webhook refused: signed, but not an event we can read');
        return reply.status(400).send({ success: false, message: err.message, data: null });
      }
      if (!(err instanceof WebhookSignatureError) && !(err instanceof SyntaxError)) throw err;
      req.log.warn({ reason: err.message }, 'webhook refused: bad signature');
      return reply.status(400).send({ success: false, message: WEBHOOK_SIGNATURE_FAILED, data: null });
    }
    if (await opts.uow.repos.paymentEvents.seen(event.id)) {
      return ok(null, 'Already handled');
    }
    const outcome = await opts.checkout.handleEvent(event);
    await opts.uow.repos.paymentEvents.record(event.id, event.type);
    if (event.type === 'payment_intent.payment_failed') opts.onPaymentFailed();
    req.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook handled');
    return ok(null, outcome === 'ordered' ? 'Order recorded' : 'Ignored');
  });
};
