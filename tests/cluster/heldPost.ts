import pg from 'pg';
import type { Cluster } from './clusterHarness';

/** What the client got for a held POST, and the id of the request on the instance that answered it. */
export type HeldAnswer = { status: number; requestId: string | null; detail: string };

export type HeldPost = {
  /** The instance whose database connection waits on the lock for it: the one that read the POST. */
  instance: number;
  /** Every held POST sent (some may have landed on the other instance on the way), answered once released. */
  answers: Promise<HeldAnswer[]>;
  /** The one held on `instance`. */
  answer: Promise<HeldAnswer>;
  /** Lets the POSTs go on (ends the transaction holding the lock). */
  release(): Promise<void>;
};

/**
 * A POST through nginx that instance `target` has read and is still working on: a cart add whose
 * transaction waits on the cart's row, which the suite holds locked in a transaction of its own. The
 * suite knows which instance read it by the application_name of the PostgreSQL connection waiting on
 * the lock (each instance has its own). Round-robin decides where a POST lands, so POSTs are sent one
 * by one until one is held on the target; the others wait on the same lock and are answered on release.
 */
export async function holdPostOn(cluster: Cluster, target: number, eventId: number): Promise<HeldPost> {
  const guest = await fetch(`${cluster.url}/v1/token/guest`);
  const token = ((await guest.json()) as { data: string }).data;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = () =>
    fetch(`${cluster.url}/v1/cart`, { method: 'POST', headers, body: JSON.stringify({ asset_id: eventId }) });
  const add = async (): Promise<HeldAnswer> => {
    try {
      const res = await post();
      const detail = (await res.text()).slice(0, 160);
      return { status: res.status, requestId: res.headers.get('x-request-id'), detail };
    } catch (err) {
      return { status: 0, requestId: null, detail: String((err as Error).cause ?? err) };
    }
  };
  // The guest's cart exists before it is locked.
  const first = await post();
  const made = (await first.json()) as { data?: { id?: number } };
  const cartId = made.data?.id;
  if (first.status !== 200 || !cartId)
    throw new Error(`the held POST's cart could not be made: ${first.status} ${JSON.stringify(made)}`);

  const lock = new pg.Client({ connectionString: cluster.databaseUrl });
  await lock.connect();
  const names = cluster.instances.map((_s, i) => cluster.databaseName(i));
  const waiting = async (): Promise<Map<number, string>> => {
    const { rows } = await lock.query<{ pid: number; application_name: string }>(
      `select pid, application_name from pg_stat_activity where wait_event_type = 'Lock' and application_name = any($1)`,
      [names],
    );
    return new Map(rows.map((r) => [r.pid, r.application_name]));
  };
  await lock.query('begin');
  const locked = await lock.query('select id from carts where id = $1 for update', [cartId]);
  if (locked.rowCount !== 1) throw new Error(`cart ${cartId} was not found to lock`);

  const sent: Promise<HeldAnswer>[] = [];
  let heldOn: Promise<HeldAnswer> | undefined;
  for (let attempt = 0; attempt < 12 && !heldOn; attempt += 1) {
    const before = await waiting();
    const sentAt = Date.now();
    let answeredAfter: number | undefined;
    const answer = add().finally(() => (answeredAfter = Date.now() - sentAt));
    sent.push(answer);
    const deadline = sentAt + 15_000;
    let landedOn: string | undefined;
    while (!landedOn) {
      const now = await waiting();
      landedOn = [...now].find(([pid]) => !before.has(pid))?.[1];
      if (landedOn) break;
      // Answered while the lock is still held: the add did not wait on the cart's row (a broken guard),
      // as opposed to a POST still on its way after the deadline (a slow machine: the deadline says so).
      if (answeredAfter !== undefined || Date.now() > deadline) {
        const answeredWhileLocked = answeredAfter !== undefined;
        await lock.query('rollback').finally(() => lock.end());
        throw new Error(
          `a POST to /v1/cart never waited on its cart's lock (${
            answeredWhileLocked ? `answered in ${answeredAfter} ms while the lock was held` : 'not answered in 15 s'
          }): ${JSON.stringify(await answer)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    if (landedOn === cluster.databaseName(target)) heldOn = answer;
  }
  if (!heldOn) {
    await lock.query('rollback').finally(() => lock.end());
    throw new Error(`12 POSTs through nginx, none held on instance ${target}: is nginx round-robin?`);
  }
  let released = false;
  return {
    instance: target,
    answer: heldOn,
    answers: Promise.all(sent),
    async release() {
      if (released) return;
      released = true;
      await lock.query('rollback').finally(() => lock.end());
    },
  };
}
