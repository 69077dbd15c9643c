import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'puppeteer';
import { launchBrowser } from '../../e2e/support/browser';
import { startServer, type RunningServer } from '../../e2e/support/server';
import { ensureClientBuilt } from '../../src/server/cli/clientBuild';
import { startSmtpMailbox } from './smtpMailbox';
import { exitOnMissedGoals } from './goals';
import { figuresOf, runLighthouse, type RunFigures } from './web/lighthouse';
import { printRoute, printSummary, type RouteResult } from './web/report';
import { BENCH_EVENT_PATH, benchRoutes, selectRoutes, type BenchRoute } from './web/routes';
import { assetOf, outboxCodes, prepareVisitor, signUpWithCart, type Account, type Site } from './web/visitor';

/**
 * `npm run bench:web`: Lighthouse (mobile defaults, simulated throttling, performance only, the
 * local Chromium) RUNS times on each route of web/routes.ts, against the production build served by our
 * server in production settings. Prints per route the median and spread of score, LCP, TBT, CLS, FCP
 * and initial JS beside the goals, Lighthouse's benchmarkIndex per run (the machines are shared:
 * it says when a run was disturbed), and where the time went. Every run's full result (LHR JSON)
 * is kept under tests/bench/results/web/<time>/ (gitignored) for Lighthouse's viewer or later reading.
 * A route's median that misses its goal, or a route no run measured, exits 1.
 *   BENCH_RUNS=3              runs per route (rounds over all routes, so a disturbance hits one run of many)
 *   BENCH_ROUTES=home,cart    a subset, by name or path (names: see web/routes.ts)
 *   BENCH_URL=http://…        measure a server already running (its client built; signed-in routes
 *                             then need its development outbox, /dev/mailbox.json)
 * Not a test: figures for the notes.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const RESULTS = path.resolve(__dirname, 'results/web', new Date().toISOString().replace(/[:.]/g, '-'));

let stopping = false;

/**
 * A server that stops under the bench (a crash, or killed from outside) ends it, saying how and with its last words.
 */
function watchForExit(server: RunningServer) {
  const tail: string[] = [];
  const keep = (d: Buffer) => {
    tail.push(d.toString());
    if (tail.length > 40) tail.shift();
  };
  server.child.stdout?.on('data', keep);
  server.child.stderr?.on('data', keep);
  server.child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(
      `\nThe server stopped during the bench (exit code ${code}, signal ${signal}); its last output:\n${tail.join('')}`,
    );
    process.exit(1);
  });
}

async function startSite(): Promise<{ site: Site; stop: () => Promise<void> }> {
  if (process.env.BENCH_URL) {
    const baseUrl = process.env.BENCH_URL.replace(/\/$/, '');
    return { site: { baseUrl, codeFor: outboxCodes(baseUrl) }, stop: async () => {} };
  }
  ensureClientBuilt();
  const mailbox = await startSmtpMailbox();
  let server: RunningServer;
  try {
    server = await startServer({
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
      SMTP_URL: mailbox.url,
    });
  } catch (error) {
    await mailbox.close();
    throw error;
  }
  watchForExit(server);
  return {
    site: { baseUrl: server.baseUrl, codeFor: mailbox.codeFor },
    stop: async () => {
      stopping = true;
      await server.stop();
      await mailbox.close();
    },
  };
}

/**
 * One Lighthouse run of `route` from a fresh context. A run that fails (a page that did not load on
 * a busy machine: seen once as Chrome's error page) is tried once more, then left out and reported.
 */
async function measureOnce(
  browser: Browser,
  site: Site,
  account: Account | null,
  route: BenchRoute,
  run: number,
): Promise<RunFigures | null> {
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      await prepareVisitor(page, route, site, account);
      const lhr = await runLighthouse(
        browser,
        page,
        `${site.baseUrl}${route.path}`,
        path.join(RESULTS, `${route.name}-${run}.json`),
      );
      const f = figuresOf(lhr);
      console.log(
        `  run ${run}/${RUNS} ${route.path.padEnd(20)} score ${f.score}  LCP ${(f.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(f.tbtMs)} ms  benchmarkIndex ${f.benchmarkIndex}`,
      );
      return f;
    } catch (error) {
      console.log(
        `  run ${run}/${RUNS} ${route.path.padEnd(20)} FAILED (attempt ${attempt} of 2): ${(error as Error).message.split('\n')[0]}`,
      );
    } finally {
      await context.close();
    }
  }
  return null;
}

async function main() {
  const { site, stop } = await startSite();
  const browser = await launchBrowser();
  try {
    const routes = selectRoutes(benchRoutes((await assetOf(site, BENCH_EVENT_PATH)).id));
    const account: Account | null = routes.some((r) => r.state.startsWith('signed in'))
      ? await signUpWithCart(site)
      : null;
    fs.mkdirSync(RESULTS, { recursive: true });
    console.log(
      `bench:web on ${site.baseUrl}: ${routes.length} routes × ${RUNS} runs, Lighthouse mobile defaults, results in ${path.relative(process.cwd(), RESULTS)}`,
    );
    const results: RouteResult[] = routes.map((route) => ({ route, runs: [], failures: [] }));
    for (let run = 1; run <= RUNS; run += 1) {
      for (const result of results) {
        const figures = await measureOnce(browser, site, account, result.route, run);
        if (figures) result.runs.push(figures);
        else result.failures.push(run);
      }
    }
    for (const result of results) printRoute(result);
    printSummary(results);
    fs.writeFileSync(
      path.join(RESULTS, 'summary.json'),
      JSON.stringify({ baseUrl: site.baseUrl, at: new Date().toISOString(), results }, null, 2),
    );
  } finally {
    await browser.close();
    await stop();
  }
}

void main()
  .then(exitOnMissedGoals)
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
