import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** Stripe's PaymentIntent, the fields the fake keeps (amounts in cents, as Stripe). */
export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  payment_method_types: string[];
  latest_charge: string | null;
  created: number;
  livemode: false;
};
type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
};
/** What a test asks for; the fake fills in the rest of Stripe's event from the intent as it is now. */
export type FakeEventInput = { type: string; intentId: string };
type Reply = { status: number; body: unknown };

const rand = () => crypto.randomBytes(12).toString('hex');
const now = () => Math.floor(Date.now() / 1000);
const error = (status: number, e: { type: string; message: string; code?: string; param?: string }): Reply => ({
  status,
  body: { error: e },
});
const missing = (id: string) =>
  error(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'id',
    message: `No such payment_intent: '${id}'`,
  });
const CREATE_PARAMS = new Set(['amount', 'currency', 'allowed_payment_method_types', 'metadata', 'description']);

/** Stripe's form encoding (`metadata[k]=v`, `list[0]=x`) back into nested objects; lists stay keyed by index. */
function parseForm(body: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [head, ...rest] = key.split('[').map((p) => p.replace(/]$/, ''));
    let node = out;
    let k = head!;
    for (const part of rest) {
      node = node[k] ??= {};
      k = part;
    }
    node[k] = value;
  }
  return out;
}

/**
 * A local stand-in for the part of Stripe's REST API our provider uses (Stripe is outside our reach
 * and its test mode needs real keys): payment intents, refunds, idempotency keys, API-key checks and
 * signed webhooks, with Stripe's status codes and error shapes so the real SDK runs against it.
 */
export async function startFakeStripe(opts: { secretKey?: string; webhookSecret?: string } = {}) {
  const secretKey = opts.secretKey ?? `sk_test_fake_${rand()}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_fake_${rand()}`;
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeRefund[] = [];
  /** Idempotency key → what the request was and what it got: Stripe replays the saved answer. */
  const saved = new Map<string, { fingerprint: string; reply: Reply }>();
  const failures: Reply[] = [];
  /** Stalls ahead: each holds one request's answer (to `path`, or any) this long, then answers 500 instead. */
  const stalls: { ms: number; path: string | undefined }[] = [];
  /** Every request's method, path and idempotency key, so tests can see which key a call carried. */
  const requests: { method: string; path: string; idempotencyKey: string | undefined }[] = [];

  function createIntent(p: Record<string, any>): Reply {
    const unknown = Object.keys(p).find((k) => !CREATE_PARAMS.has(k));
    if (unknown)
      return error(400, {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param: unknown,
        message: `Received unknown parameter: ${unknown}`,
      });
    if (!/^\d+$/.test(p.amount ?? '') || Number(p.amount) < 50) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_integer',
        param: 'amount',
        message: 'Invalid integer: amount must be at least 50 cents',
      });
    }
    if (!p.currency)
      return error(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        param: 'currency',
        message: 'Missing required param: currency.',
      });
    const id = `pi_fake_${rand()}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(p.amount),
      amount_received: 0,
      currency: p.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${rand()}`,
      metadata: { ...p.metadata },
      description: p.description ?? null,
      payment_method_types: Object.values(p.allowed_payment_method_types ?? { 0: 'card' }),
      latest_charge: null,
      created: now(),
      livemode: false,
    };
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  function refund(p: Record<string, any>): Reply {
    const intent = intents.get(p.payment_intent ?? '');
    if (!intent) return missing(p.payment_intent ?? '');
    if (intent.status !== 'succeeded') {
      return error(400, {
        type: 'invalid_request_error',
        param: 'payment_intent',
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      });
    }
    if (refunds.some((r) => r.payment_intent === intent.id)) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      });
    }
    const made: FakeRefund = {
      id: `re_fake_${rand()}`,
      object: 'refund',
      amount: intent.amount_received,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      created: now(),
    };
    refunds.push(made);
    return { status: 200, body: made };
  }

  function route(method: string, path: string, body: string, key: string | undefined): Reply {
    const post = (run: (p: Record<string, any>) => Reply): Reply => {
      const fingerprint = `${path} ${[...new URLSearchParams(body)].sort().join('&')}`;
      const before = key ? saved.get(key) : undefined;
      if (before && before.fingerprint !== fingerprint) {
        return error(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      if (before) return before.reply;
      const reply = run(parseForm(body));
      // Like Stripe, only requests that ran are saved: a validation error may be retried with the same key.
      if (key && reply.status === 200) saved.set(key, { fingerprint, reply });
      return reply;
    };
    if (method === 'POST' && path === '/v1/payment_intents') return post(createIntent);
    if (method === 'POST' && path === '/v1/refunds') return post(refund);
    const id = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && id)
      return intents.has(id) ? { status: 200, body: intents.get(id) } : missing(decodeURIComponent(id));
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      const presented = /^Bearer (.+)$/.exec(auth)?.[1] ?? '';
      const method = req.method ?? 'GET';
      const path = (req.url ?? '/').split('?')[0]!;
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path, idempotencyKey: key });
      const at = stalls.findIndex((st) => st.path === undefined || st.path === path);
      const stall = at >= 0 ? stalls.splice(at, 1)[0]!.ms : undefined;
      const reply =
        failures.shift() ??
        (presented !== secretKey
          ? // Stripe shows only the key's last four characters.
            error(401, {
              type: 'invalid_request_error',
              message: `Invalid API Key provided: ${presented.slice(0, 8)}${'*'.repeat(12)}${presented.slice(-4)}`,
            })
          : route(method, path, Buffer.concat(chunks).toString(), key));
      const answer = (r: Reply) => {
        if (res.destroyed) return;
        res.writeHead(r.status, { 'content-type': 'application/json', 'request-id': `req_fake_${rand()}` });
        res.end(JSON.stringify(r.body));
      };
      // The request has done its work (an intent made, a refund sent); only its answer is late, then lost.
      if (stall !== undefined)
        setTimeout(
          () => answer(error(500, { type: 'api_error', message: 'An unknown error occurred' })),
          stall,
        ).unref();
      else answer(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const intent = (id: string) => {
    const found = intents.get(id);
    if (!found) throw new Error(`fakeStripe: no intent ${id}`);
    return found;
  };
  const event = ({ type, intentId }: FakeEventInput) => ({
    id: `evt_fake_${rand()}`,
    object: 'event',
    type,
    data: { object: structuredClone(intent(intentId)) },
    created: now(),
    livemode: false,
    api_version: Stripe.API_VERSION,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  /** The exact bytes Stripe would send and their Stripe-Signature header; `timestamp` (seconds) makes old ones. */
  const signedPayload = (input: FakeEventInput, o: { secret?: string; timestamp?: number } = {}) => {
    const body = JSON.stringify(event(input));
    return {
      body,
      header: Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: o.secret ?? webhookSecret,
        timestamp: o.timestamp,
      }),
    };
  };

  return {
    base,
    secretKey,
    webhookSecret,
    intents,
    refunds,
    requests,
    /** As when the buyer's card is charged (automatic capture). */
    succeed: (id: string) =>
      Object.assign(intent(id), {
        status: 'succeeded',
        amount_received: intent(id).amount,
        latest_charge: `ch_fake_${rand()}`,
      }),
    /** As after a decline: Stripe puts the intent back to waiting for a payment method. */
    fail: (id: string) => Object.assign(intent(id), { status: 'requires_payment_method' }),
    setStatus: (id: string, status: string) => Object.assign(intent(id), { status }),
    /** The next n requests (to `path`, or any) do their work but answer only after `ms`, and then with a 500. */
    stallNext(n: number, ms: number, path?: string) {
      for (let i = 0; i < n; i++) stalls.push({ ms, path });
    },
    /** The next n requests get this status (an outage: 500; 429 a rate limit), before any other check. */
    failNext(n: number, status = 500, message = 'An unknown error occurred') {
      const type = status === 429 ? 'invalid_request_error' : status >= 500 ? 'api_error' : 'invalid_request_error';
      for (let i = 0; i < n; i++)
        failures.push(error(status, { type, message, ...(status === 429 ? { code: 'rate_limit' } : {}) }));
    },
    event,
    signedPayload,
    /** POSTs a signed event to our webhook route, as Stripe does. */
    async sendWebhook(url: string, input: FakeEventInput) {
      const { body, header } = signedPayload(input);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body,
      });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
