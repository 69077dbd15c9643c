import { buildApp, startLiveIngest } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirError } from './platform/dataDirCheck';
import { asyncStdout } from './platform/accessLog';

/** Log lines go out without blocking a request (platform/accessLog.ts); whatever is buffered is written before exit. */
const logs = asyncStdout();
const flushLogs = logs.flushSync;

/** Reads config, builds the app, listens; on SIGINT/SIGTERM lets in-flight requests finish and closes the database. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const line of err.problems) console.error(`Configuration error: ${line}`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }

  const app = await buildApp(config, { logStream: logs.stream });
  let stopIngest = async () => undefined as void;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      flushLogs();
      process.exit(1);
    }, 10_000);
    force.unref();
    stopIngest()
      .catch((err: unknown) => app.log.error({ err }, 'error while stopping the live ingest'))
      .then(() => app.close())
      .then(
        async () => {
          await logs.drain();
          process.exit(0);
        },
        (err) => {
          app.log.error({ err }, 'error while shutting down');
          flushLogs();
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  const shown = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? `http://localhost:${port}` : address;
  console.log(`\n  Storefront running at ${shown}\n`);
  const ingest = await startLiveIngest(app, config, Number(port));
  stopIngest = ingest.stop;
  console.log(`  ${ingest.line}\n`);
}

main().catch((err: unknown) => {
  flushLogs();
  if (err instanceof DataDirError) {
    // Nothing was written: the same start works once DATA_DIR is writable and has room.
    console.error(`Cannot start: ${err.message}`);
    process.exit(73); // EX_CANTCREAT
  }
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
