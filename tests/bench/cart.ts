import autocannon from 'autocannon';
import { startServer } from '../../e2e/support/server';
import { scratchSchema } from '../utils/testDatabase';
import { exitOnMissedGoals, record } from './goals';

/**
 * `npm run bench:cart`: GET /v1/cart and POST /v1/cart at a fixed 200 requests per second for 10 s
 * each (autocannon's overallRate), spread over 50 guests with 3 events in their carts, against the
 * server in production settings (PGlite unless DATABASE_URL is set). Prints p50/p99 and errors beside
 * the goals (p99 ≤ 50 ms, no errors) and exits 1 when one is missed. Figures for the issue notes.
 */
const RATE = Number(process.env.BENCH_RATE ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const GUESTS = 50;
/** The goal, set at 500 req/s (docs/deploy.md); a lighter rate must meet it too. */
const P99_GOAL_MS = 50;

type Row = { name: string; rps: number; p50: number; p90: number; p99: number; max: number; non2xx: number };

async function measure(name: string, request: (i: number) => autocannon.Request, url: string): Promise<Row> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: 20,
    overallRate: RATE,
    duration: DURATION,
    requests: [{ setupRequest: (req) => ({ ...req, ...request((n += 1)) }) }],
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx + result.errors,
  };
}

async function main() {
  const schema = process.env.DATABASE_URL ? await scratchSchema(process.env.DATABASE_URL, 'bench_cart') : null;
  const server = await startServer({
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    SMTP_URL: 'smtp://127.0.0.1:1',
    ...(schema ? { DATABASE_URL: schema.url } : {}),
  });
  try {
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${server.baseUrl}/v1${path}`, init).then((r) => r.json() as Promise<{ data: unknown }>);
    const premium: number[] = [];
    for (let id = 1; id <= 30; id += 1) {
      const asset = ((await api(`/asset/${id}`)).data as { isPremium: number; rate: number | null }[] | null)?.[0];
      if (asset?.isPremium === 1 && asset.rate) premium.push(id);
    }
    const tokens: string[] = [];
    for (let i = 0; i < GUESTS; i += 1) tokens.push((await api('/token/guest')).data as string);
    const post = (token: string, assetId: number) => ({
      method: 'POST' as const,
      path: '/v1/cart',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ asset_id: assetId }),
    });
    for (const [i, token] of tokens.entries()) {
      for (let k = 0; k < 3; k += 1)
        await fetch(`${server.baseUrl}/v1/cart`, {
          ...post(token, premium[(i + k) % premium.length]!),
          method: 'POST',
        });
    }

    const rows = [
      await measure(
        'GET /v1/cart',
        (i) => ({ method: 'GET', path: '/v1/cart', headers: { authorization: `Bearer ${tokens[i % GUESTS]}` } }),
        server.baseUrl,
      ),
      await measure(
        'POST /v1/cart (add)',
        (i) => post(tokens[i % GUESTS]!, premium[i % premium.length]!),
        server.baseUrl,
      ),
    ];
    console.log(
      `\n${RATE} req/s for ${DURATION} s each, ${GUESTS} guests with 3-line carts, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (${new Date().toISOString()})\n`,
    );
    console.log(
      `endpoint                req/s   p50 ms  p90 ms  p99 ms  max ms  non-2xx   goals: p99 ≤ ${P99_GOAL_MS} ms, non-2xx 0`,
    );
    for (const r of rows) {
      const met = [
        record(`${r.name}: p99`, r.p99, P99_GOAL_MS, '<=', 'ms'),
        record(`${r.name}: non-2xx answers`, r.non2xx, 0, '<='),
      ].every(Boolean);
      console.log(
        `${r.name.padEnd(22)} ${r.rps.toFixed(0).padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p90).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.max).padStart(7)} ${String(r.non2xx).padStart(8)}   ${met ? 'met' : 'NOT MET'}`,
      );
    }
  } finally {
    await server.stop();
    await schema?.drop();
  }
}

void main().then(exitOnMissedGoals);
