// @databases pglite: the real server as npm start runs it; what it says of its ingest does not depend on the database
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../e2e/support/server';
import { spawnServer, type ServerProcess } from '../../../utils/serverProcess';

/**
 * When another program holds the RTMP port, nginx cannot listen there and encoders would reach that
 * program: the start line and /readyz say the ingest is off and why, not that encoders connect there.
 * (The live journeys see `listening` when the port is free.) Needs Debian's nginx, its RTMP module
 * and ffmpeg, which CI installs.
 */
let holder: net.Server;
let server: ServerProcess | undefined;
let dataDir: string;

beforeAll(async () => {
  holder = net.createServer((socket) => socket.destroy());
  const port = await freePort();
  await new Promise<void>((resolve) => holder.listen(port, '0.0.0.0', resolve));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-ingest-port-'));
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => holder.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('says the ingest is off, with the reason, at start and on /readyz, while the shop stays ready', async () => {
  const port = (holder.address() as net.AddressInfo).port;
  server = await spawnServer({
    DATA_DIR: dataDir,
    LIVE_INGEST: 'auto',
    LIVE_RTMP_PORT: String(port),
    LIVE_SRT_PORT_BASE: String(40_000 + Math.floor(Math.random() * 200) * 100),
    LIVE_INGEST_HOST: '127.0.0.1',
  });
  const reason = `nginx could not listen on RTMP port ${port}, which another program holds`;
  const deadline = Date.now() + 30_000;
  while (!server.output().includes('Live ingest') && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  expect(server.output()).toContain(`Live ingest is off: ${reason}`);
  expect(server.output()).not.toContain('encoders connect to');

  const ready = await fetch(`${server.baseUrl}/readyz`);
  expect(ready.status).toBe(200);
  const body = (await ready.json()) as { ingest: unknown };
  // Why, and nothing of this machine's folders: anyone may ask /readyz.
  expect(body.ingest).toEqual({ state: 'off', reason });
}, 60_000);
