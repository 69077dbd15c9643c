import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/server';
import { startSmtpMailbox } from '../bench/smtpMailbox';
import { spawnServer, type ServerProcess } from '../utils/serverProcess';
import { deriveKeys } from '../../src/server/modules/auth/keys';
import { TEST_JWT_SECRET } from '../utils/testConfig';
import { scratchSchema } from '../utils/testDatabase';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '../utils/testRedis';
import { childrenOf, connectionsFrom, takesNoRequests } from './procTable';

const ROOT = path.resolve(__dirname, '../..');
const NGINX_REFERENCE = path.join(ROOT, 'docs/deploy/nginx.conf');

/** nginx from Debian's package (`.ci/run` installs it); NGINX_PATH overrides. */
export function findNginx(): string | null {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

export type Cluster = {
  /** nginx, round-robin over the instances. */
  url: string;
  instances: ServerProcess[];
  /** The PostgreSQL URL the instances use (a schema of its own), straight to the server. */
  databaseUrl: string;
  /** PostgreSQL goes away for the instances (as in a restart): connections refused, open ones cut. */
  cutDatabase(): Promise<void>;
  /** PostgreSQL is back. */
  restoreDatabase(): Promise<void>;
  /** Redis goes away for the instances: connections refused, open ones cut. */
  cutRedis(): Promise<void>;
  /** Redis is back. */
  restoreRedis(): Promise<void>;
  /** The sign-in code mailed to `email` (the instances send mail over SMTP to a listener of the suite). */
  codeFor(email: string): Promise<string>;
  /**
   * Stops instance i: SIGTERM (its graceful shutdown) or SIGKILL (a crash). Resolves with the process
   * once it has exited (its output stays readable); `startInstance` brings it back on the same port.
   */
  stopInstance(i: number, signal: 'SIGTERM' | 'SIGKILL'): Promise<ServerProcess>;
  startInstance(i: number): Promise<void>;
  /**
   * Takes instance i out of nginx's rotation (`down` on its server line, nginx reloaded) and resolves
   * once nginx has no more than `stillOpen` requests open to it: what a rolling restart does before
   * stopping an instance, so that nothing new is sent to it while it stops.
   */
  drain(i: number, stillOpen?: number): Promise<void>;
  /** Puts instance i back into rotation (nginx reloaded). */
  readmit(i: number): Promise<void>;
  /** Instance i's application_name in PostgreSQL (pg_stat_activity), which tells its connections apart. */
  databaseName(i: number): string;
  nginxErrors(): string;
  /** nginx's own directory (its cache, logs and pid), for a bench to read its process and cache. */
  nginxDir: string;
  /** The edge's media log (written every 5 s or 64 KiB; complete once nginx has stopped). */
  mediaLog(): string;
  nginxPid(): number | undefined;
  /** Each instance's state and the end of its output, for failure messages. */
  describe(): string;
  stop(): Promise<void>;
};

/**
 * N real server processes (src/server/main.ts) on one PostgreSQL schema and one Redis prefix, behind
 * nginx running the shipped reference configuration (docs/deploy/nginx.conf) with its ports replaced
 * (and `down` on an instance's line while it restarts, as the configuration's comments say to).
 */
export async function startCluster(options: {
  instances: number;
  env?: Record<string, string>;
  /** nginx's workers and connections per worker (a bench's herd needs more than the suite's 1 and 1024). */
  nginx?: { workers: number; connections: number };
  /** The PostgreSQL server to make the schema in (a suite's private one); TEST_DATABASE_URL by default. */
  databaseUrl?: string;
}): Promise<Cluster> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed: sudo apt-get install -y nginx (or set NGINX_PATH)');
  const baseUrl = options.databaseUrl ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set: the cluster suite runs on PostgreSQL');

  const scratch = await scratchSchema(baseUrl, 'cluster');
  const databaseUrl = scratch.url;
  const scoped = new URL(databaseUrl);
  // The instances reach PostgreSQL through a TCP relay the suite can cut, as a restart would.
  const relay = await tcpRelay(scoped.hostname, Number(scoped.port || 5432));
  // Redis likewise.
  const redisTarget = new URL(testRedisUrl());
  const redisRelay = await tcpRelay(redisTarget.hostname, Number(redisTarget.port || 6379));
  const relayedRedis = new URL(testRedisUrl());
  relayedRedis.hostname = '127.0.0.1';
  relayedRedis.port = String(redisRelay.port);
  const relayed = new URL(databaseUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  const redisPrefix = uniqueRedisPrefix();
  // Behind a declared proxy (TRUST_PROXY) the outbox answers nobody: the instances mail for real, as deployed.
  const mailbox = await startSmtpMailbox();

  const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
  const databaseName = (i: number) => `${redisPrefix.replace(/[^A-Za-z0-9]/g, '')}-instance-${i}`;
  const databaseUrlFor = (i: number) => {
    const named = new URL(relayed);
    named.searchParams.set('application_name', databaseName(i));
    return named.toString();
  };
  const envFor = (i: number): Record<string, string> => ({
    PORT: String(ports[i]),
    DATABASE_URL: databaseUrlFor(i),
    REDIS_URL: relayedRedis.toString(),
    REDIS_PREFIX: redisPrefix,
    JWT_SECRET: TEST_JWT_SECRET,
    TRUST_PROXY: 'loopback',
    // The suite reads each instance's /metrics from this machine; with a proxy declared only METRICS_ALLOW may.
    METRICS_ALLOW: 'loopback',
    SMTP_URL: mailbox.url,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-data-')),
    CLIENT_DIST_DIR: path.join(os.tmpdir(), 'cluster-no-client-build'),
    ...options.env,
  });
  // All at once on an empty schema, as a first deployment starts them: they race to migrate and seed.
  const instances: ServerProcess[] = await Promise.all(ports.map((_port, i) => spawnServer(envFor(i))));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-nginx-'));
  // Run as root, nginx's workers run as nobody: they must reach the cache beneath this folder.
  fs.chmodSync(dir, 0o755);
  const listen = await freePort();
  // Instances taken out of rotation (`down` on their server line) for a restart.
  const down = new Set<number>();
  const siteText = () =>
    fs
      .readFileSync(NGINX_REFERENCE, 'utf8')
      .replace(
        /^(\s*)server 127\.0\.0\.1:3001 (.*)$\n^\s*server 127\.0\.0\.1:3002 .*$/m,
        (_all, indent: string, rest: string) =>
          ports
            .map((p, i) => `${indent}server 127.0.0.1:${p} ${down.has(i) ? rest.replace(/;$/, ' down;') : rest}`)
            .join('\n'),
      )
      .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listen};`)
      .replace('/var/cache/nginx/storefront-media ', `${dir}/media-cache `)
      .replace('include /etc/nginx/storefront-media-secret.conf;', `include ${dir}/media-secret.conf;`)
      .replace('/var/log/nginx/storefront-media.log ', `${dir}/media.log `);
  const site = siteText();
  if (
    !site.includes(`127.0.0.1:${ports[0]}`) ||
    !site.includes(`listen 127.0.0.1:${listen};`) ||
    !site.includes(`${dir}/media-cache `) ||
    !site.includes(`include ${dir}/media-secret.conf;`) ||
    !site.includes(`${dir}/media.log `)
  ) {
    throw new Error(
      `docs/deploy/nginx.conf no longer has the upstream, listen, cache and secret lines this suite replaces:\n${site}`,
    );
  }
  // What `npm run edge:secret` prints for the instances' JWT_SECRET.
  fs.writeFileSync(
    path.join(dir, 'media-secret.conf'),
    `set $media_secret "${deriveKeys(TEST_JWT_SECRET).mediaSigning}";\n`,
  );
  fs.writeFileSync(path.join(dir, 'storefront.conf'), site);
  // What a distribution's nginx.conf gives the site file: a main context, writable paths for a non-root run.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      `worker_processes ${options.nginx?.workers ?? 1};`,
      `worker_rlimit_nofile ${2 * (options.nginx?.connections ?? 1024) + 100};`,
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      `events { worker_connections ${options.nginx?.connections ?? 1024}; }`,
      'http {',
      `  access_log off; client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/storefront.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const checkConfig = () => {
    const check = spawnSync(nginx, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  };
  checkConfig();
  const proxy: ChildProcess = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${listen}`;
  /** Writes the site with the instances in `down` marked so and reloads nginx; resolves once new workers run it. */
  async function reload() {
    fs.writeFileSync(path.join(dir, 'storefront.conf'), siteText());
    checkConfig();
    const before = new Set(childrenOf(proxy.pid!));
    proxy.kill('SIGHUP');
    const until = Date.now() + 10_000;
    while (!childrenOf(proxy.pid!).some((pid) => !before.has(pid))) {
      if (Date.now() > until)
        throw new Error(
          `nginx started no new worker after SIGHUP:\n${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`,
        );
      await new Promise((r) => setTimeout(r, 20));
    }
    // The new workers start before the master tells the old ones to quit: until then an old worker still
    // accepts requests and sends them by the old configuration (to an instance being drained).
    while (![...before].every(takesNoRequests)) {
      if (Date.now() > until) throw new Error('the old nginx workers were not told to quit 10 s after SIGHUP');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`nginx did not answer on ${url}:\n${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    url,
    instances,
    databaseUrl,
    codeFor: (email) => mailbox.codeFor(email),
    cutDatabase: () => relay.cut(),
    restoreDatabase: () => relay.restore(),
    cutRedis: () => redisRelay.cut(),
    restoreRedis: () => redisRelay.restore(),
    async stopInstance(i, signal) {
      const stopping = instances[i]!;
      await (signal === 'SIGKILL' ? stopping.kill() : stopping.stop());
      return stopping;
    },
    async startInstance(i) {
      instances[i] = await spawnServer(envFor(i));
    },
    databaseName,
    async drain(i, stillOpen = 0) {
      down.add(i);
      await reload();
      // The old workers finish what they were doing (with the old configuration) and go.
      const open = () => connectionsFrom(childrenOf(proxy.pid!), ports[i]!);
      const until = Date.now() + 10_000;
      while (open() > stillOpen) {
        if (Date.now() > until)
          throw new Error(`nginx still has ${open()} connections open to instance ${i} 10 s after it was drained`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async readmit(i) {
      down.delete(i);
      await reload();
    },
    nginxErrors: () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8'),
    nginxDir: dir,
    mediaLog: () =>
      fs.existsSync(path.join(dir, 'media.log')) ? fs.readFileSync(path.join(dir, 'media.log'), 'utf8') : '',
    nginxPid: () => proxy.pid,
    describe: () =>
      instances
        .map((s, i) => {
          const state =
            s.child.exitCode !== null || s.child.signalCode !== null
              ? `exited (${s.child.exitCode ?? s.child.signalCode})`
              : 'running';
          return `instance ${i} (${s.baseUrl}) ${state}:\n${s.output().slice(-3000)}`;
        })
        .join('\n\n'),
    async stop() {
      const proxyGone = new Promise<void>((resolve) =>
        proxy.exitCode !== null ? resolve() : proxy.once('exit', () => resolve()),
      );
      proxy.kill('SIGTERM');
      await proxyGone;
      await Promise.all(instances.map((s) => s.stop()));
      await relay.cut();
      await redisRelay.cut();
      await scratch.drop();
      await dropRedisPrefix(redisPrefix);
      await mailbox.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP relay (to PostgreSQL, to Redis) on a fixed local port that can refuse and cut connections on demand. */
async function tcpRelay(host: string, port: number) {
  const sockets = new Set<net.Socket>();
  const listenPort = await freePort();
  let server: net.Server | null = null;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(port, host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(listenPort, '127.0.0.1', () => resolve());
    });
  await open();
  return {
    port: listenPort,
    async cut() {
      const closing = server;
      server = null;
      for (const s of sockets) s.destroy();
      if (closing) await new Promise<void>((resolve) => (closing as net.Server).close(() => resolve()));
    },
    async restore() {
      if (!server) await open();
    },
  };
}

/**
 * Signed media requests that reached an instance of `cluster` (their /metrics, read from
 * loopback): what reached the origin rather than the edge's cache.
 */
export async function mediaServedByInstances(cluster: Pick<Cluster, 'instances'>): Promise<number> {
  let sum = 0;
  for (const instance of cluster.instances) {
    const res = await fetch(`${instance.baseUrl}/metrics`);
    const text = await res.text();
    // A refused read is not a count of 0 (the edge suite once saw one instance's misses never counted).
    if (!res.ok) throw new Error(`${instance.baseUrl}/metrics answered ${res.status}: ${text.slice(0, 300)}`);
    for (const line of text.split('\n'))
      if (line.startsWith('storefront_media_requests_total ')) sum += Number(line.split(' ').pop());
  }
  return sum;
}
