import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { testConfig } from './testConfig';

/**
 * Client tests talk to the real server: one instance on an in-memory PGlite, listening on a free
 * port for the whole client run. Its origin reaches the tests as API_HOST.
 */
export default async function setup() {
  const database = await openDatabase({ kind: 'pglite' });
  // Every client test calls from 127.0.0.1: per-IP limits sized for one visitor would make them
  // depend on each other's pace. The limits themselves are tested against the server (tests/server).
  const config = testConfig();
  const perIp = {
    codeRequestsPerMinutePerIp: 1000,
    checkUserPerMinutePerIp: 1000,
    verifyPerMinutePerIp: 1000,
    guestTokensPerMinutePerIp: 1000,
    voucherAttemptsPerMinute: 1000,
  };
  const signInCode = { ...config.limits.signInCode, failedAttemptsPerClientPerHour: 1000 };
  const guestsPerAddress = {
    voucherAttemptsPerMinute: 1000,
    streamConfigCallsPerMinute: 1000,
    viewingOpensPerMinute: 1000,
    liveStateCallsPerMinute: 1000,
  };
  // Console suites make their fixtures through the API, more a minute than an organizer would.
  const perCaller = { consoleCreatesPerMinute: 1000, liveMessagesPerMinute: 1000, waitlistChangesPerMinute: 1000 };
  const app = await buildApp(
    { ...config, limits: { ...config.limits, ...perIp, ...perCaller, signInCode, guestsPerAddress } },
    { database },
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.env.API_HOST = address;
  (globalThis as { __apiServer?: { close: () => Promise<void> } }).__apiServer = {
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
