import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/database';
import { createPlaybackQualityRepository } from '../streams/playbackQualityRepository';
import { registerPlaybackQualityMetrics } from './playbackQualityMetrics';

/**
 * What an operator graphs and alerts on, in Prometheus' text format (GET /metrics). Counters are
 * this instance's own (sum them over instances); the open viewing sessions are the shop's, read from
 * the database when scraped (the same on every instance: take the max).
 */
export function createMetrics(deps: { database: Database; heartbeatSeconds: number; now?: () => number }) {
  const registry = new Registry();
  const registers = [registry];

  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const ordersPlaced = new Counter({
    name: 'storefront_orders_placed_total',
    help: 'Orders made (card and voucher)',
    registers,
  });
  const paymentFailures = new Counter({
    name: 'storefront_payment_failures_total',
    help: "Card payments refused (sandbox declines, the provider's payment_failed events)",
    registers,
  });
  const refunds = new Counter({
    name: 'storefront_refunds_total',
    help: 'Payments refunded because no order could be made',
    registers,
  });
  const orderRefunds = new Counter({
    name: 'storefront_order_refunds_total',
    help: "Orders an organizer refunded (counted once the provider's refund is done)",
    registers,
  });
  // Counted on arrival: the request histogram is observed when an answer has finished, and misses
  // for an answer whose connection closed first (an edge that hung up once it had every byte).
  const mediaRequests = new Counter({
    name: 'storefront_media_requests_total',
    help: "Protected media requests that reached this instance (the edge's misses and refreshes)",
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'storefront_rate_limit_refusals_total',
    help: 'Requests refused with 429, by route pattern',
    labelNames: ['route'],
    registers,
  });
  new Gauge({
    name: 'storefront_viewing_sessions_open',
    help: 'Players holding a device slot, shop-wide (from the database)',
    registers,
    async collect() {
      const cutoff = new Date((deps.now ?? Date.now)() - 2 * deps.heartbeatSeconds * 1000);
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from viewing_sessions where closed_at is null and last_seen_at > ${cutoff}`.execute(
        deps.database.db,
      );
      this.set(Number(rows[0]?.n ?? 0));
    },
  });
  new Gauge({
    name: 'storefront_db_pool_connections',
    help: "Database connections of this instance: open, idle, callers waiting, and the pool's size",
    labelNames: ['state'],
    registers,
    collect() {
      const use = deps.database.poolUse();
      for (const [state, value] of Object.entries(use)) this.set({ state }, value);
    },
  });

  const quality = createPlaybackQualityRepository(deps.database.db);
  registerPlaybackQualityMetrics(registers, { read: quality.recentByEvent, now: deps.now ?? Date.now });

  return {
    contentType: registry.contentType,
    /** This app's metrics and the process's, in Prometheus' text format. */
    text: () => Registry.merge([processRegistry(), registry]).metrics(),
    requestSeconds,
    ordersPlaced,
    paymentFailures,
    refunds,
    orderRefunds,
    mediaRequests,
    rateLimitRefusals,
  };
}

/**
 * Node's own metrics (memory, CPU, event-loop delay, GC) belong to the process, not to one app: they
 * are set up once, since each setup starts an event-loop monitor that is never stopped (tests build
 * hundreds of apps in one process).
 */
let processMetrics: Registry | null = null;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}
export type Metrics = ReturnType<typeof createMetrics>;
