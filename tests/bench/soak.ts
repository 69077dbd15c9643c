import fs from 'node:fs';
import pg from 'pg';
import { startServer } from '../../e2e/support/server';
import { VIEWING_SESSION_KEY_HEADER } from '../../src/shared/contract/streams';
import { scratchSchema } from '../utils/testDatabase';
import { apiCaller, percentile, signUpBuyers, type SignedUp } from './benchBuyers';
import { exitOnMissedGoals, record } from './goals';
import { startSmtpMailbox } from './smtpMailbox';
import { sandboxPurchase } from '../utils/sandboxPurchase';

/**
 * `npm run bench:soak` (PostgreSQL: DATABASE_URL): BENCH_SECONDS (600) of mixed traffic at BENCH_RATE
 * (200) requests a second, sent on a fixed schedule whatever the answers' pace, against the server in
 * production settings on a fresh schema: browsing (carousel, listings, event pages), guest carts,
 * coupons, checkouts (intent, sandbox card, order), stream configs and viewing-session heartbeats.
 * Prints the errors (any 5xx or failed request; goal 0), p99 per kind, the server's RSS at start,
 * peak and end (goal: end ≤ start + 10 %), PostgreSQL connections and event-loop delay, sampled
 * every 10 s. Exits 1 when a goal is missed. Not a test and not in CI: figures for the issue notes.
 */
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 600);
/** The server's memory at the end at most this many times what it was at the start: no leak. */
const RSS_GROWTH_GOAL = 1.1;

type Kind = 'browse' | 'cart' | 'coupon' | 'checkout' | 'stream';
/** Of every 100 requests: what a storefront's traffic looks like, mostly reading. */
const MIX: [Kind, number][] = [
  ['browse', 55],
  ['cart', 20],
  ['coupon', 5],
  ['checkout', 5],
  ['stream', 15],
];

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error('bench:soak needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  const mailbox = await startSmtpMailbox();
  const schema = await scratchSchema(process.env.DATABASE_URL, 'bench_soak');
  const server = await startServer({
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    SMTP_URL: mailbox.url,
    TRUST_PROXY: '127.0.0.1',
    // With a proxy declared only METRICS_ALLOW reads /metrics, and the samples below read it from here.
    METRICS_ALLOW: 'loopback',
    DATABASE_URL: schema.url,
  });
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const call = apiCaller(server.baseUrl);
    const events: { id: number; premium: boolean; path: string; playing: boolean }[] = [];
    for (let id = 1; id <= 30; id += 1) {
      const asset = (
        (await call('GET', `/v1/asset/${id}`)).json.data as
          { id: number; path: string; isPremium: number; soldOut: number; airStartDate: string | null }[] | null
      )?.[0];
      if (asset && !asset.soldOut)
        events.push({
          id: asset.id,
          premium: asset.isPremium === 1,
          path: asset.path,
          playing: !asset.airStartDate || Date.parse(asset.airStartDate) < Date.now(),
        });
    }
    const premium = events.filter((e) => e.premium);
    // Viewers watch free events that have started (a live one that has not answers 409 until it does).
    const free = events.filter((e) => !e.premium && e.playing);
    // Enough buyers that checkouts keep buying to the end: each can buy every premium event once.
    const checkouts = (RATE * SECONDS * MIX.find(([k]) => k === 'checkout')![1]) / 100;
    const BUYERS = Number(process.env.BENCH_BUYERS ?? Math.max(100, Math.ceil((checkouts / premium.length) * 1.2)));
    const buyers = await signUpBuyers(call, mailbox, BUYERS);
    const guests: string[] = [];
    for (let i = 0; i < 50; i += 1)
      guests.push((await call('GET', '/v1/token/guest', { ip: `10.66.0.${i + 1}` })).json.data as string);
    // Each buyer's next premium event to buy, and the free event they watch.
    const nextBuy = new Map<number, number>(buyers.map((b, i) => [b.userId, i % premium.length]));
    const sessions = new Map<number, { id: string; key: string; event: string }>();

    const latencies = new Map<Kind, number[]>(MIX.map(([k]) => [k, []]));
    const errors = new Map<string, number>();
    const refusals = new Map<string, number>();
    const count = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);
    let ordersPlaced = 0;
    const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;

    /** The `i`-th request of a kind, timed; what it sends depends on where the shop is for that visitor. */
    async function request(kind: Kind, i: number): Promise<void> {
      // Each guest calls from its own address, as visitors do (TRUST_PROXY=127.0.0.1 believes the header).
      const from = { 'x-forwarded-for': `10.66.1.${(i % guests.length) + 1}` };
      const send = async (
        method: 'GET' | 'POST' | 'DELETE',
        path: string,
        token?: string,
        body?: object,
        headers: Record<string, string> = from,
      ) => {
        const t0 = performance.now();
        const res = await fetch(`${server.baseUrl}${path}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        const json = (await res.json().catch(() => ({}))) as { message?: string; data?: any };
        latencies.get(kind)!.push(performance.now() - t0);
        if (res.status >= 500)
          count(errors, `${kind} ${method} ${path.split('?')[0]} ${res.status} ${json.message ?? ''}`);
        else if (res.status >= 400)
          count(refusals, `${kind} ${res.status} ${(json.message ?? '').replace(/\d+/g, 'N')}`);
        return { status: res.status, json };
      };
      const buyer: SignedUp = pick(buyers, i);
      const guest = pick(guests, i);
      switch (kind) {
        case 'browse': {
          const which = i % 3;
          if (which === 0)
            await send(
              'GET',
              `/v1/carousel?filter=${encodeURIComponent('{"deviceTypeId":"1","languageId":"1"}')}`,
              guest,
            );
          else if (which === 1)
            await send(
              'GET',
              `/v1/pagecategory/listing?filter=${encodeURIComponent(JSON.stringify({ path: pick(['on-demand', 'coming-up-live', 'free-to-watch'], Math.floor(i / 3)) }))}&start=0&limit=7`,
              guest,
            );
          else await send('GET', `/v1/asset/${pick(events, Math.floor(i / 3)).id}`, guest);
          return;
        }
        case 'cart': {
          const which = i % 3;
          if (which === 0) await send('GET', '/v1/cart', guest);
          else if (which === 1)
            await send('POST', '/v1/cart', guest, { asset_id: pick(premium, Math.floor(i / 3)).id });
          else await send('POST', '/v1/cart/remove', guest, { asset_id: pick(premium, Math.floor(i / 3) + 1).id });
          return;
        }
        case 'coupon': {
          // Each guest applies and removes in turn (i % 2 would give the applies to the even guests only, over their
          // limit).
          const round = Math.floor(i / guests.length);
          if (round % 2 === 0)
            await send('POST', '/v1/order/applyVoucher', guest, {
              coupon_code: pick(['SAVE10', 'NOPE', 'EXPIRED'], Math.floor(round / 2)),
            });
          else await send('POST', '/v1/order/removeVoucher', guest, {});
          return;
        }
        case 'checkout': {
          // Add the buyer's next event, then pay for the cart with the sandbox card and place the order.
          const event = premium[nextBuy.get(buyer.userId)!]!;
          nextBuy.set(buyer.userId, (nextBuy.get(buyer.userId)! + 1) % premium.length);
          await send('POST', '/v1/cart', buyer.token, { asset_id: event.id });
          // The cart as it stands (an earlier round may have left an event in it); an empty one is not paid.
          const purchase = await sandboxPurchase(
            async ({ method, path, body }) => {
              const answer = await send(method, path, buyer.token, body);
              return { ...answer, text: JSON.stringify(answer.json) };
            },
            { userId: buyer.userId },
          );
          if (purchase.ok) ordersPlaced += 1;
          return;
        }
        case 'stream': {
          // A viewer of a free event: open a session once, then heartbeats and stream configs.
          const session = sessions.get(buyer.userId);
          if (!session) {
            const event = pick(free, i).path;
            const opened = await send('POST', '/v1/viewing-sessions', buyer.token, { eventId: event });
            if (opened.status === 201)
              sessions.set(buyer.userId, { id: opened.json.data.sessionId, key: opened.json.data.sessionKey, event });
            return;
          }
          const key = { [VIEWING_SESSION_KEY_HEADER]: session.key };
          if (Math.floor(i / buyers.length) % 2 === 0) {
            const beat = await send('POST', `/v1/viewing-sessions/${session.id}/heartbeat`, buyer.token, undefined, {
              ...from,
              ...key,
            });
            if (beat.status !== 200) sessions.delete(buyer.userId);
          } else
            await send(
              'GET',
              `/v1/admin/asset/streamconfig/${session.event}?session=${session.id}`,
              buyer.token,
              undefined,
              { ...from, ...key },
            );
          return;
        }
      }
    }

    // Samples every 10 s: the server's memory, PostgreSQL's connections, the event loop's delay.
    const rss = () =>
      Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    const samples: { rssMb: number; connections: number; loopP99Ms: number }[] = [];
    const sample = async () => {
      const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
      const loop = Number(/^nodejs_eventloop_lag_p99_seconds (\S+)/m.exec(metrics)?.[1] ?? NaN) * 1000;
      const conns = Number(
        (
          await admin.query<{ n: string }>(
            "select count(*) as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend'",
          )
        ).rows[0]!.n,
      );
      samples.push({ rssMb: rss(), connections: conns, loopP99Ms: loop });
    };
    await sample();
    const sampler = setInterval(() => void sample(), 10_000);

    const deck = MIX.flatMap(([kind, n]) => Array.from({ length: n }, () => kind));
    const inFlight = new Set<Promise<void>>();
    const turns = new Map<Kind, number>();
    const start = performance.now();
    let sent = 0;
    for (; sent < RATE * SECONDS; sent += 1) {
      const wait = start + (sent * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // Each kind takes its visitors in turn, so every buyer and guest gets an even share of every kind.
      const kind = deck[(sent * 37) % deck.length]!;
      const turn = turns.get(kind) ?? 0;
      turns.set(kind, turn + 1);
      const p = request(kind, turn)
        .catch((err: unknown) => {
          count(errors, `network ${String(err)}`);
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
    clearInterval(sampler);
    await sample();
    const seconds = (performance.now() - start) / 1000;

    const startRss = samples[0]!.rssMb;
    const peakRss = Math.max(...samples.map((s) => s.rssMb));
    const endRss = samples.at(-1)!.rssMb;
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    record('errors (5xx or failed)', errorCount, 0, '<=');
    record('RSS end ÷ start', endRss / startRss, RSS_GROWTH_GOAL, '<=');
    console.log(
      `\nbench:soak, ${sent} scheduled requests in ${seconds.toFixed(0)} s (${(sent / seconds).toFixed(0)}/s), ${BUYERS} buyers, PostgreSQL (${new Date().toISOString()})`,
    );
    console.log(
      `errors (5xx or failed): ${errorCount} (goal 0)${[...errors]
        .slice(0, 10)
        .map(([k, n]) => `\n  ${n} × ${k}`)
        .join('')}`,
    );
    console.log('\nkind        requests   p50 ms   p99 ms   max ms');
    for (const [kind, values] of latencies) {
      console.log(
        `${kind.padEnd(10)} ${String(values.length).padStart(9)} ${percentile(values, 50).toFixed(1).padStart(8)} ${percentile(values, 99).toFixed(1).padStart(8)} ${Math.max(
          ...values,
        )
          .toFixed(0)
          .padStart(8)}`,
      );
    }
    console.log(`\norders placed (card, sandbox): ${ordersPlaced}`);
    console.log(
      `\nRSS: start ${startRss.toFixed(0)} MB, peak ${peakRss.toFixed(0)} MB, end ${endRss.toFixed(0)} MB (end/start ${(endRss / startRss).toFixed(2)}, goal ≤ ${RSS_GROWTH_GOAL.toFixed(2)})`,
    );
    console.log(
      `PostgreSQL client connections: ${Math.min(...samples.map((s) => s.connections))}–${Math.max(...samples.map((s) => s.connections))}`,
    );
    const loops = samples.map((s) => s.loopP99Ms).filter((v) => Number.isFinite(v));
    console.log(
      `event-loop delay p99 (10 s samples): median ${percentile(loops, 50).toFixed(1)} ms, worst ${Math.max(...loops).toFixed(1)} ms`,
    );
    console.log(
      `refusals (4xx, expected in the mix): ${[...refusals]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, n]) => `\n  ${n} × ${k}`)
        .join('')}`,
    );
  } finally {
    await admin.end();
    await server.stop();
    await mailbox.close();
    await schema.drop();
  }
}

void main().then(exitOnMissedGoals);
