import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startServer } from '../../e2e/support/server';

/**
 * `npm run bench:api`: autocannon for 10 s (10 connections) against a bare Fastify hello-world and
 * our hottest reads, in the same run, each server in its own process: the carousel (also as a
 * revalidation answered 304), an event page, the demo's capacity-limited event page (its seats are
 * a database read per request) and a category listing. Prints req/s, p50, p99 and each figure's
 * ratio to the hello-world (goal for cached reads: ≥ 0.5×). Not a test: figures, for the issue notes.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

type Row = { name: string; rps: number; p50: number; p99: number; non2xx: number };

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  // A revalidation's 304 is a success here.
  const refused = result.non2xx - (result['3xx'] ?? 0);
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: refused + result.errors,
  };
}

async function startHello(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'helloServer.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}/hello`, stop: () => child.kill() };
}

async function main() {
  const hello = await startHello();
  // Production settings (no mail is sent while benchmarking reads; SMTP_URL only satisfies the config).
  const server = await startServer({
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    SMTP_URL: 'smtp://127.0.0.1:1',
  }).catch((err: unknown) => {
    hello.stop();
    throw err;
  });
  try {
    const token = ((await (await fetch(`${server.baseUrl}/v1/token/guest`)).json()) as { data: string }).data;
    // Every read asks as a browser does: with a token and for a compressed answer.
    const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const filter = encodeURIComponent(JSON.stringify({ deviceTypeId: '1', languageId: '1' }));
    const rows: Row[] = [];
    rows.push(await measure('hello-world (bare Fastify)', hello.url));
    rows.push(await measure('GET /v1/carousel', `${server.baseUrl}/v1/carousel?filter=${filter}`, auth));
    rows.push(await measure('GET /v1/asset/{id}', `${server.baseUrl}/v1/asset/1`, auth));
    const carousel = await fetch(`${server.baseUrl}/v1/carousel?filter=${filter}`, {
      headers: { authorization: auth.authorization },
    });
    rows.push(
      await measure('GET /v1/carousel, revalidated', `${server.baseUrl}/v1/carousel?filter=${filter}`, {
        ...auth,
        'if-none-match': carousel.headers.get('etag')!,
      }),
    );
    // The demo's one capacity-limited event: its seats are read from the database on every request.
    rows.push(
      await measure('GET /v1/asset/{id}, 5 seats', `${server.baseUrl}/v1/asset/amber-radio-intimate-evening`, auth),
    );
    rows.push(
      await measure(
        'GET /v1/pagecategory/listing',
        `${server.baseUrl}/v1/pagecategory/listing?filter=${encodeURIComponent('{"path":"on-demand"}')}&start=0&limit=7`,
        auth,
      ),
    );
    const base = rows[0]!;
    console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION} s each (${new Date().toISOString()})\n`);
    console.log('endpoint                          req/s     p50 ms  p99 ms  non-2xx  req/s vs hello');
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(33)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(7)} ${String(r.non2xx).padStart(8)}  ${(r.rps / base.rps).toFixed(2)}×`,
      );
    }
  } finally {
    hello.stop();
    await server.stop();
  }
}

void main();
