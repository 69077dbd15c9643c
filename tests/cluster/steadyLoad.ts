/** A call that did not answer as it should: when it was sent and answered, in ms since the load began. */
type Failure = { kind: string; status: number; detail: string; at: number; answeredAt: number };

/**
 * Steady traffic through the load balancer while instances come and go: each worker loops over a
 * guest token, the carousel, an event page and a cart line added and removed (GETs and POSTs). A
 * failure is any answer that is not what that call answers when all is well, or a dropped connection.
 */
export function steadyLoad(url: string, o: { workers: number; eventId: number }) {
  let running = true;
  let total = 0;
  let slowestMs = 0;
  const byKind: Record<string, number> = {};
  const failures: Failure[] = [];
  const started = Date.now();
  // A load a failed test left running would call a stopped cluster for ever, keeping every failure.
  const givesUpAt = started + 300_000;

  async function call(kind: string, path: string, init: RequestInit, ok: (status: number) => boolean) {
    const sent = Date.now();
    try {
      // Each call on a connection of its own: a restart reloads nginx, whose old workers then close
      // their idle keep-alive connections; a call sent on one at that moment fails, which a browser
      // absorbs by sending it again but fetch reports.
      const res = await fetch(`${url}${path}`, { ...init, headers: { ...init.headers, connection: 'close' } });
      const body = await res.text();
      total += 1;
      byKind[kind] = (byKind[kind] ?? 0) + 1;
      if (!ok(res.status))
        failures.push({
          kind,
          status: res.status,
          detail: body.slice(0, 160),
          at: sent - started,
          answeredAt: Date.now() - started,
        });
      return { status: res.status, body };
    } catch (err) {
      total += 1;
      failures.push({
        kind,
        status: 0,
        detail: String((err as Error).cause ?? err),
        at: sent - started,
        answeredAt: Date.now() - started,
      });
      return { status: 0, body: '' };
    } finally {
      slowestMs = Math.max(slowestMs, Date.now() - sent);
    }
  }

  async function worker(n: number) {
    let token = '';
    while (running && Date.now() < givesUpAt) {
      if (!token) {
        const res = await call(
          'guest token',
          '/v1/token/guest',
          { headers: { 'x-forwarded-for': `198.51.100.${n + 1}` } },
          (s) => s === 200,
        );
        token = res.status === 200 ? (JSON.parse(res.body) as { data: string }).data : '';
        continue;
      }
      const auth = { authorization: `Bearer ${token}` };
      await call('carousel', '/v1/carousel', { headers: auth }, (s) => s === 200 || s === 304);
      await call('event', `/v1/asset/${o.eventId}`, { headers: auth }, (s) => s === 200 || s === 304);
      const json = { ...auth, 'content-type': 'application/json' };
      await call(
        'cart add',
        '/v1/cart',
        { method: 'POST', headers: json, body: JSON.stringify({ asset_id: o.eventId }) },
        (s) => s === 200 || s === 409,
      );
      await call(
        'cart remove',
        '/v1/cart/remove',
        { method: 'POST', headers: json, body: JSON.stringify({ asset_id: o.eventId }) },
        (s) => s === 200 || s === 404,
      );
    }
  }

  const workers = Array.from({ length: o.workers }, (_, n) => worker(n));
  return {
    /** Milliseconds since the load started (to place failures in time). */
    now: () => Date.now() - started,
    /** Resolves once every worker has its token and traffic flows. */
    async warmUp() {
      await this.waitForRequests(o.workers * 5);
    },
    /** Resolves after `n` more requests. */
    async waitForRequests(n: number) {
      const target = total + n;
      while (total < target) {
        if (Date.now() > givesUpAt) throw new Error('the steady load ran 5 minutes and stopped');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop() {
      running = false;
      await Promise.all(workers);
      return { total, byKind, failures, slowestMs, seconds: (Date.now() - started) / 1000 };
    },
  };
}
