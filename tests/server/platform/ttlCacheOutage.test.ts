// @databases both: outages — reads that keep their last answer while the database is away
import { createLastKnown, createTtlCache } from '../../../src/server/platform/ttlCache';
import { createOutageRecord } from '../../../src/server/platform/outageRecord';
import { isDatabaseUnreachable } from '../../../src/server/platform/databaseErrors';
import { testClock } from '../../utils/clock';

/** What an outage leaves a process: the last answers read before it (staleOnError), and how long it lasted. */
const clock = testClock();
const unreachable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

it('answers the last value read while the database is out of reach, and only then', async () => {
  let down = false;
  let reads = 0;
  const cache = createTtlCache({
    ttlMs: 1000,
    max: 10,
    now: clock.now,
    staleOnError: isDatabaseUnreachable,
    load: async (key: string) => {
      reads += 1;
      if (down) throw unreachable();
      if (key === 'broken') throw new Error('a bug');
      return `${key}@${reads}`;
    },
  });
  expect(await cache.get('a')).toBe('a@1');
  down = true;
  clock.advance(1000);
  expect(await cache.get('a')).toBe('a@1');
  expect(cache.stale('a')).toBe(true);
  // Asked again only a TTL later, not once per request.
  expect(await cache.get('a')).toBe('a@1');
  expect(reads).toBe(2);
  // Never read before: the outage's error stands.
  await expect(cache.get('b')).rejects.toThrow('ECONNREFUSED');
  down = false;
  clock.advance(1000);
  expect(await cache.get('a')).toBe('a@4');
  expect(cache.stale('a')).toBe(false);
  // Any other failure is not an outage: no stale answer.
  await expect(cache.get('broken')).rejects.toThrow('a bug');
});

it('createLastKnown reads afresh every time, and answers the last value only through an outage', async () => {
  let down = false;
  let reads = 0;
  const lastKnown = createLastKnown({
    max: 10,
    now: clock.now,
    load: async (key: string) => {
      reads += 1;
      if (down) throw unreachable();
      if (key === 'broken') throw new Error('a bug');
      return `${key}@${reads}`;
    },
  });
  expect(await lastKnown.get('a')).toBe('a@1');
  expect(await lastKnown.get('a')).toBe('a@2');
  down = true;
  expect(await lastKnown.get('a')).toBe('a@2');
  expect(reads).toBe(3);
  down = false;
  expect(await lastKnown.get('a')).toBe('a@4');
  await expect(lastKnown.get('broken')).rejects.toThrow('a bug');
});

it("records an outage's length, forgiven while it lasts and for a window after", () => {
  const outages = createOutageRecord(clock.now);
  expect(outages.forgivenMs(10_000)).toBe(0);
  outages.failed();
  clock.advance(60_000);
  outages.failed();
  expect(outages.forgivenMs(10_000)).toBe(60_000);
  outages.succeeded();
  clock.advance(9_999);
  expect(outages.forgivenMs(10_000)).toBe(60_000);
  clock.advance(1);
  expect(outages.forgivenMs(10_000)).toBe(0);
});
