// @databases postgres: its outcome does not depend on the kind of database
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import {
  ProviderUnavailableError,
  WebhookSignatureError,
  type PaymentProvider,
} from '../../../../src/server/modules/payments/provider';
import { createStripeProvider } from '../../../../src/server/modules/payments/stripeProvider';
import { WebhookPayloadError } from '../../../../src/server/modules/payments/webhookEvent';
import { startFakeStripe, type FakeStripe } from '../../../utils/fakeStripe';

let fake: FakeStripe;
let provider: PaymentProvider;
const providerFor = (apiBase: string, secretKey = fake.secretKey) =>
  createStripeProvider({
    secretKey,
    publishableKey: 'pk_test_fake',
    webhookSecret: fake.webhookSecret,
    apiBase,
    timeoutMs: 2000,
  });
beforeAll(async () => {
  fake = await startFakeStripe();
  provider = providerFor(fake.base);
});
afterAll(() => fake.close());

let n = 0;
const input = (over: Partial<Parameters<PaymentProvider['createIntent']>[0]> = {}) => ({
  amountCents: 2599,
  currency: 'usd' as const,
  idempotencyKey: `cart-1-v${++n}-2599`,
  metadata: { user_id: '7', cart_id: '3', cart_version: String(n), checkout_id: `co_${n}` },
  description: 'AllAccess order',
  ...over,
});
/** The rejection of a promise, for inspecting more than its class. */
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as Error,
  );

describe('stripe provider: payment intents', () => {
  it('creates a card-only intent in cents with our metadata, and knows its publishable key', async () => {
    const req = input();
    const intent = await provider.createIntent(req);
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_fake_/),
      status: 'requires_payment_method',
      amountCents: 2599,
      currency: 'usd',
      metadata: req.metadata,
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
    });
    expect(fake.intents.get(intent.id)).toMatchObject({
      amount: 2599,
      payment_method_types: ['card'],
      description: 'AllAccess order',
    });
    expect(provider).toMatchObject({ kind: 'stripe', publishableKey: 'pk_test_fake' });
  });

  it('returns the same intent for the same idempotency key, and refuses the key with other parameters', async () => {
    const req = input();
    const first = await provider.createIntent(req);
    const count = fake.intents.size;
    expect(await provider.createIntent(req)).toEqual(first);
    expect(fake.intents.size).toBe(count);
    const err = await rejection(provider.createIntent({ ...req, amountCents: 3000 }));
    expect(err).not.toBeInstanceOf(ProviderUnavailableError);
    expect(err.message).toMatch(/Keys for idempotent requests can only be used with the same parameters/);
  });

  it('retrieves an intent with Stripe’s statuses mapped to ours', async () => {
    const { id } = await provider.createIntent(input());
    const seen: Record<string, string | undefined> = {};
    for (const status of [
      'requires_payment_method',
      'requires_confirmation',
      'requires_action',
      'processing',
      'requires_capture',
      'canceled',
      'a_future_status',
    ]) {
      fake.setStatus(id, status);
      seen[status] = (await provider.retrieveIntent(id))?.status;
    }
    expect(seen).toEqual({
      requires_payment_method: 'requires_payment_method',
      requires_confirmation: 'requires_payment_method',
      requires_action: 'requires_action',
      processing: 'processing',
      requires_capture: 'processing',
      canceled: 'canceled',
      a_future_status: 'processing',
    });
    fake.succeed(id);
    expect(await provider.retrieveIntent(id)).toMatchObject({
      id,
      status: 'succeeded',
      amountCents: 2599,
      currency: 'usd',
      metadata: { user_id: '7' },
    });
    fake.fail(id);
    expect((await provider.retrieveIntent(id))?.status).toBe('requires_payment_method');
  });

  it('answers null for an id Stripe does not know', async () => {
    expect(await provider.retrieveIntent('pi_fake_nobody')).toBeNull();
  });
});

describe('stripe provider: refunds', () => {
  it('refunds a paid intent once, whatever the key of a repeated refund', async () => {
    const { id } = await provider.createIntent(input());
    fake.succeed(id);
    await provider.refund(id, `refund-${id}`);
    await provider.refund(id, `refund-${id}`); // the same key: Stripe replays the first answer
    await provider.refund(id, `another-${id}`); // another key: charge_already_refunded, which is success
    expect(fake.refunds.filter((r) => r.payment_intent === id)).toEqual([
      expect.objectContaining({ amount: 2599, status: 'succeeded' }),
    ]);
    expect(
      fake.requests
        .filter((r) => r.path === '/v1/refunds')
        .slice(-3)
        .map((r) => r.idempotencyKey),
    ).toEqual([`refund-${id}`, `refund-${id}`, `another-${id}`]);
  });

  it('refuses to refund an intent that was never paid, as an error the caller must not retry', async () => {
    const { id } = await provider.createIntent(input());
    const err = await rejection(provider.refund(id, `refund-${id}`));
    expect(err).not.toBeInstanceOf(ProviderUnavailableError);
    expect(err.message).toMatch(/does not have a successful charge to refund/);
  });
});

describe('stripe provider: outages', () => {
  it('rides out a short outage with a retry under the same key (one intent)', async () => {
    const before = fake.intents.size;
    fake.failNext(1);
    await provider.createIntent(input());
    expect(fake.intents.size).toBe(before + 1);
  });

  it('reports a longer outage, a rate limit and an unreachable server as ProviderUnavailableError', async () => {
    fake.failNext(2);
    const err = await rejection(provider.createIntent(input()));
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect(err.cause).toBeInstanceOf(Stripe.errors.StripeAPIError);

    fake.failNext(1, 429, 'Too many requests');
    expect(await rejection(provider.retrieveIntent('pi_fake_x'))).toBeInstanceOf(ProviderUnavailableError);

    const gone = await startFakeStripe({ secretKey: fake.secretKey });
    await gone.close();
    const down = await rejection(providerFor(gone.base).retrieveIntent('pi_fake_x'));
    expect(down).toBeInstanceOf(ProviderUnavailableError);
    expect(down.cause).toBeInstanceOf(Stripe.errors.StripeConnectionError);
  });

  it('never puts the secret key in an error, even when Stripe’s message holds it', async () => {
    const errors = [
      await rejection(providerFor(fake.base, `${fake.secretKey}_wrong`).retrieveIntent('pi_fake_x')),
      await rejection(
        (() => {
          fake.failNext(1, 400, `Bad key ${fake.secretKey}`);
          return provider.createIntent(input());
        })(),
      ),
      await rejection(
        (() => {
          fake.failNext(3, 503, `Down for ${fake.secretKey}`);
          return provider.createIntent(input());
        })(),
      ),
    ];
    expect(errors[0]!.message).toMatch(/Invalid API Key provided/);
    expect(errors[0]).not.toBeInstanceOf(ProviderUnavailableError);
    for (const err of errors) {
      expect(`${err.message} ${err.stack}`).not.toContain(fake.secretKey);
    }
  });
});

describe('stripe provider: webhooks', () => {
  /** Our side of a webhook over real HTTP: the raw bytes as they arrived, verified by the provider. */
  async function receiver() {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          res.end(
            JSON.stringify(
              provider.verifyWebhook(Buffer.concat(chunks), req.headers['stripe-signature'] as string | undefined),
            ),
          );
        } catch (e) {
          res.writeHead(400).end((e as Error).name);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
      close: () => server.close(),
    };
  }

  it('reads a signed payment_intent event into our intent', async () => {
    const { id } = await provider.createIntent(input());
    fake.succeed(id);
    const hook = await receiver();
    try {
      const res = await fake.sendWebhook(hook.url, { type: 'payment_intent.succeeded', intentId: id });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({
        id: expect.stringMatching(/^evt_fake_/),
        type: 'payment_intent.succeeded',
        intent: expect.objectContaining({ id, status: 'succeeded', amountCents: 2599 }),
      });
    } finally {
      hook.close();
    }
  });

  it('gives other events no intent', () => {
    const body = JSON.stringify({
      id: 'evt_fake_c',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: fake.webhookSecret });
    expect(provider.verifyWebhook(Buffer.from(body), header)).toEqual({
      id: 'evt_fake_c',
      type: 'customer.created',
      intent: null,
    });
  });

  it('refuses a correctly signed event without a type, or a payment_intent event without its intent, as unreadable', () => {
    for (const [event, problem] of [
      [{ id: 'evt_fake_t', object: 'event', data: { object: {} } }, 'event.type is missing'],
      [
        {
          id: 'evt_fake_o',
          object: 'event',
          type: 'payment_intent.succeeded',
          data: { object: { object: 'payment_intent' } },
        },
        'data.object.id is missing',
      ],
    ] as const) {
      const body = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: fake.webhookSecret });
      const err = (() => {
        try {
          provider.verifyWebhook(Buffer.from(body), header);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(err).toBeInstanceOf(WebhookPayloadError);
      expect(err?.message).toContain(problem);
    }
  });

  it('refuses a tampered body, another secret, no header and a stale signature', async () => {
    const { id } = await provider.createIntent(input());
    const good = fake.signedPayload({ type: 'payment_intent.succeeded', intentId: id });
    expect(provider.verifyWebhook(Buffer.from(good.body), good.header).intent?.id).toBe(id);

    const tampered = Buffer.from(good.body.replace('"amount":2599', '"amount":1'));
    const otherSecret = fake.signedPayload(
      { type: 'payment_intent.succeeded', intentId: id },
      { secret: 'whsec_someone_else' },
    );
    const stale = fake.signedPayload(
      { type: 'payment_intent.succeeded', intentId: id },
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
    );
    // Each refused for its own reason, so one check cannot stand in for another.
    const attempts: [Buffer, string | undefined, RegExp][] = [
      [tampered, good.header, /No signatures found matching/],
      [Buffer.from(otherSecret.body), otherSecret.header, /No signatures found matching/],
      [Buffer.from(good.body), undefined, /Missing Stripe-Signature/],
      [Buffer.from(good.body), '', /Missing Stripe-Signature/],
      [Buffer.from(stale.body), stale.header, /Timestamp outside the tolerance zone/],
      [Buffer.from(good.body), 'not a signature', /Unable to extract timestamp/],
    ];
    for (const [body, header, reason] of attempts) {
      const err = (() => {
        try {
          provider.verifyWebhook(body, header);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(err).toBeInstanceOf(WebhookSignatureError);
      expect(err?.message).toMatch(reason);
    }
  });
});
