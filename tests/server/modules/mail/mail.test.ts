// @databases both: smoke — the mail module: the outbox table and SMTP
import os from 'node:os';
import { SMTPServer } from 'smtp-server';
import { ConfigError, loadConfig } from '../../../../src/server/config';
import { createTestApp } from '../../../utils/testApp';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP listener on a free port, keeping every message it is handed. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const requestCode = (app: Awaited<ReturnType<typeof createTestApp>>['app'], emailId: string) =>
  app.inject({ method: 'POST', url: '/v1/register', payload: { emailId, loginSource: 3 } });

describe('mail over SMTP', () => {
  it('sends the sign-in code in the body only (text and HTML), from MAIL_FROM', async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'AllAccess <tickets@allaccess.test>' } });
    try {
      const res = await requestCode(t.app, 'listener@example.com');
      expect(res.statusCode).toBe(200);
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.from).toBe('tickets@allaccess.test');
      expect(mail.to).toEqual(['listener@example.com']);
      expect(mail.raw).toMatch(/^Subject: Your AllAccess sign-in code\r?$/m);
      const code = mail.raw.match(/sign-in code is (\d{6})\./)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.raw).toContain('Content-Type: text/plain');
      expect(mail.raw).toContain('Content-Type: text/html');
      expect(mail.raw.split(code!).length).toBe(3); // text and HTML, not the subject
      // The code that arrived by mail signs in.
      const verify = await t.app.inject({
        method: 'POST',
        url: '/v1/verifyotp',
        payload: { emailId: 'listener@example.com', otp: code, NewUser: true, firstName: 'S', lastName: 'Mtp' },
      });
      expect(verify.statusCode).toBe(200);
      // No outbox in SMTP mode.
      expect((await t.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('answers 502 and leaves no usable code when the mail server is down', async () => {
    const smtp = await startSmtp();
    await smtp.close();
    const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const res = await requestCode(t.app, 'unlucky@example.com');
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('We could not send the e-mail. Please try again.');
      const codes = await t.database.db
        .selectFrom('login_codes')
        .selectAll()
        .where('email', '=', 'unlucky@example.com')
        .execute();
      expect(codes.every((c) => c.consumed_at !== null)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('a mail server that refuses, then accepts again', () => {
  it('the visitor is told, the refused code is neither usable nor logged, and sign-in works once mail flows', async () => {
    // Takes each message whole, then refuses it (451) while `refusing`: the test sees the code that was refused.
    let refusing = true;
    const attempted: string[] = [];
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          const code = raw.match(/sign-in code is (\d{6})\./)?.[1] ?? '';
          if (refusing) {
            attempted.push(code);
            return callback(
              Object.assign(new Error('Requested action aborted: local error in processing'), { responseCode: 451 }),
            );
          }
          received.push(code);
          return callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const lines: string[] = [];
    const t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'trace' },
      deps: { logStream: { write: (l) => lines.push(l) } },
    });
    const verify = (otp: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/verifyotp',
        payload: { emailId: 'refused@example.com', otp, NewUser: true, firstName: 'Re', lastName: 'Fused' },
      });
    try {
      const refused = await requestCode(t.app, 'refused@example.com');
      expect([refused.statusCode, refused.json().message]).toEqual([
        502,
        'We could not send the e-mail. Please try again.',
      ]);
      expect(attempted).toEqual([expect.stringMatching(/^\d{6}$/)]);
      // Nothing logged carries the refused code; the refusal itself is logged.
      expect(lines.filter((l) => l.includes(attempted[0]!))).toEqual([]);
      expect(lines.some((l) => /451|mail/i.test(l))).toBe(true);
      // The refused code cannot sign in (it never reached the visitor, so nobody should hold it).
      const stale = await verify(attempted[0]!);
      expect([stale.statusCode, stale.json().message]).toEqual([
        400,
        'There is no active code for this e-mail address. Request a new one.',
      ]);

      // Mail flows again: asked again at once (no resend wait for a code that never left), it arrives and signs in.
      refusing = false;
      const sent = await requestCode(t.app, 'refused@example.com');
      expect(sent.statusCode).toBe(200);
      expect(received).toEqual([expect.stringMatching(/^\d{6}$/)]);
      expect((await verify(received[0]!)).statusCode).toBe(200);
    } finally {
      await t.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('stores every mail and lists it newest first as JSON and as a page', async () => {
    const t = await createTestApp();
    try {
      await requestCode(t.app, 'first@example.com');
      await requestCode(t.app, 'second@example.com');
      const list = (await t.app.inject({ url: '/dev/mailbox.json' })).json();
      expect(list.map((m: { to: string }) => m.to)).toEqual(['second@example.com', 'first@example.com']);
      expect(list[0]).toEqual({
        to: 'second@example.com',
        subject: 'Your AllAccess sign-in code',
        text: expect.any(String),
        html: expect.stringContaining('<!doctype html>'),
        // Files sent with a mail (a calendar file); a sign-in code has none.
        attachments: [],
        createdAt: expect.any(String),
      });
      const page = await t.app.inject({ url: '/dev/mailbox' });
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('second@example.com');
      expect(page.body.indexOf('second@example.com')).toBeLessThan(page.body.indexOf('first@example.com'));
    } finally {
      await t.close();
    }
  });

  it('is refused in production: the server will not start without SMTP_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp' });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'SMTP_URL: required when NODE_ENV=production (the local outbox is for development only)',
      ]);
    }
  });

  it('has no mailbox pages in production even with SMTP', async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({ env: { NODE_ENV: 'production', SMTP_URL: smtp.url } });
    try {
      expect((await t.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('the outbox is never exposed', () => {
  it('answers only callers on a loopback address that no proxy forwarded', async () => {
    const t = await createTestApp();
    try {
      await requestCode(t.app, 'private@example.com');
      for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
        expect((await t.app.inject({ url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
        expect((await t.app.inject({ url, remoteAddress: '::1' })).statusCode).toBe(200);
        for (const remoteAddress of ['203.0.113.9', '10.0.0.2', '::ffff:192.0.2.1', '2001:db8::1']) {
          const res = await t.app.inject({ url, remoteAddress });
          expect([res.statusCode, res.body.includes('private@example.com')]).toEqual([404, false]);
        }
        const viaProxy = await t.app.inject({
          url,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
        expect(viaProxy.statusCode).toBe(404);
        // A DNS-rebinding page reaches 127.0.0.1 under its own name: only this machine's names are answered.
        for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '127.1.2.3', '[::1]:3000', 'LOCALHOST.']) {
          expect([
            host,
            (await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { host } })).statusCode,
          ]).toEqual([host, 200]);
        }
        for (const host of [
          'evil.example',
          'evil.example:3000',
          'localhost.evil.example',
          '127.0.0.1.nip.io',
          '[::1].evil',
          'localhost:3000@evil.example',
        ]) {
          const res = await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { host } });
          expect([host, res.statusCode, res.body.includes('private@example.com')]).toEqual([host, 404, false]);
        }
        // Another method: this machine learns the address takes GET (405); anyone else, nothing (404).
        for (const method of ['POST', 'DELETE'] as const) {
          const local = await t.app.inject({ method, url, remoteAddress: '127.0.0.1' });
          expect([method, local.statusCode, local.headers.allow]).toEqual([method, 405, 'GET, HEAD']);
          const stranger = await t.app.inject({ method, url, remoteAddress: '203.0.113.9' });
          expect([method, stranger.statusCode, stranger.headers.allow]).toEqual([method, 404, undefined]);
        }
      }
    } finally {
      await t.close();
    }
  });

  // What a reverse proxy on this host adds when it forwards; each alone made the outbox answer before.
  const FORWARDING = [
    ['x-forwarded-for', '203.0.113.9'],
    ['X-Real-IP', '203.0.113.9'],
    ['Forwarded', 'for=203.0.113.9;proto=https'],
    ['X-Forwarded-Host', 'shop.example.com'],
    ['X-Forwarded-Proto', 'https'],
    ['X-Forwarded-Port', '443'],
    ['X-Forwarded-Prefix', '/shop'],
    ['X-Forwarded-Server', 'edge-1'],
    ['Via', '1.1 nginx'],
    ['X-Client-IP', '203.0.113.9'],
    ['True-Client-IP', '203.0.113.9'],
    ['CF-Connecting-IP', '203.0.113.9'],
    ['Fastly-Client-IP', '203.0.113.9'],
    ['X-Cluster-Client-IP', '203.0.113.9'],
    ['X-Original-Forwarded-For', '203.0.113.9'],
  ] as const;

  it('a loopback request carrying any forwarding header (a proxy on this host forwarded it) gets a 404', async () => {
    const t = await createTestApp();
    try {
      await requestCode(t.app, 'forwarded@example.com');
      for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
        for (const [name, value] of FORWARDING) {
          const res = await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { [name]: value } });
          expect([url, name, res.statusCode, res.body.includes('forwarded@example.com')]).toEqual([
            url,
            name,
            404,
            false,
          ]);
        }
        // The control: the same call without a header is this machine's own.
        expect((await t.app.inject({ url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      }
    } finally {
      await t.close();
    }
  });

  it.each(['loopback', '10.0.0.1'])(
    'with TRUST_PROXY=%s (a proxy declared in front) it answers nobody, a plain local call included',
    async (proxies) => {
      const t = await createTestApp({ env: { TRUST_PROXY: proxies } });
      try {
        await requestCode(t.app, 'behind-proxy@example.com');
        for (const url of ['/dev/mailbox.json', '/dev/mailbox', '/dev/api']) {
          for (const remoteAddress of ['127.0.0.1', '::1', '10.0.0.1']) {
            const res = await t.app.inject({ url, remoteAddress, headers: { host: 'localhost:3000' } });
            expect([url, remoteAddress, res.statusCode, res.body.includes('behind-proxy@example.com')]).toEqual([
              url,
              remoteAddress,
              404,
              false,
            ]);
          }
        }
      } finally {
        await t.close();
      }
    },
  );

  it('does not exist in production even when a config without SMTP_URL got past the start check', async () => {
    const t = await createTestApp({ config: { env: 'production', smtpUrl: null } });
    try {
      await requestCode(t.app, 'prod-outbox@example.com');
      for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
        const res = await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { host: 'localhost' } });
        expect([url, res.statusCode, res.body.includes('prod-outbox@example.com')]).toEqual([url, 404, false]);
      }
    } finally {
      await t.close();
    }
  });

  it.each(['0.0.0.0', '::', '192.0.2.10'])(
    'a server on HOST=%s without SMTP_URL refuses to start, in one line naming SMTP_URL and DEV_MAILBOX',
    (host) => {
      expect(() => loadConfig({ HOST: host, DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40) })).toThrow(ConfigError);
      try {
        loadConfig({ HOST: host, DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40) });
      } catch (err) {
        expect((err as ConfigError).problems).toEqual([expect.stringMatching(/^SMTP_URL: .*DEV_MAILBOX=true/)]);
      }
    },
  );

  it('starts on another interface with DEV_MAILBOX=true, or with SMTP_URL; on localhost as the README says', () => {
    const base = { DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...base, HOST: '0.0.0.0', DEV_MAILBOX: 'true' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...base, HOST: '0.0.0.0', SMTP_URL: 'smtp://mail.example.com' }).smtpUrl).toBe(
      'smtp://mail.example.com',
    );
    expect(loadConfig({ ...base }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, HOST: 'localhost' }).host).toBe('localhost');
  });
});
