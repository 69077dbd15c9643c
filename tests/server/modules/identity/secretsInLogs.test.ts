// @databases postgres: its outcome does not depend on the kind of database
import { SMTPServer } from 'smtp-server';
import { createTestApp } from '../../../utils/testApp';
import { codeInMail, latestCodeIn } from '../../../utils/mailbox';

/**
 * Whoever reads the logs must not be able to sign in as anyone: a sign-in flow at the most verbose
 * log level, then every line the server wrote is searched for the code and the session token.
 */
async function signInFlow(
  app: Awaited<ReturnType<typeof createTestApp>>['app'],
  email: string,
  readCode: () => Promise<string>,
) {
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `/v1${url}`, payload });
  expect((await post('/register', { emailId: email, loginSource: 3 })).statusCode).toBe(200);
  const code = await readCode();
  const wrong = code === '000000' ? '111111' : '000000';
  expect((await post('/verifyotp', { emailId: email, otp: wrong, firstName: 'Lo', lastName: 'Gs' })).statusCode).toBe(
    400,
  );
  const ok = await post('/verifyotp', { emailId: email, otp: code, firstName: 'Lo', lastName: 'Gs' });
  expect(ok.statusCode).toBe(200);
  const token = ok.json().data[0].token as string;
  // An authenticated call, so the bearer passes through the request logger too.
  expect(
    (
      await app.inject({
        url: `/v1/profile/${ok.json().data[0].userId}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode,
  ).toBe(200);
  return { code, token };
}

it('outbox mode: no log line carries the code or the token; the mail is logged by template and id', async () => {
  const lines: string[] = [];
  const t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, deps: { logStream: { write: (l) => lines.push(l) } } });
  try {
    const email = 'quiet-logs@example.com';
    const { code, token } = await signInFlow(t.app, email, async () =>
      latestCodeIn((await t.app.inject({ url: '/dev/mailbox.json' })).json(), email)!,
    );
    // The logger was on: the five requests of the flow each left their access line.
    expect(lines.filter((l) => l.includes('"request completed"')).length).toBeGreaterThanOrEqual(5);
    expect(lines.filter((l) => l.includes(code))).toEqual([]);
    expect(lines.filter((l) => l.includes(token) || l.includes(token.split('.')[2]!))).toEqual([]);
    const mailLine = lines.map((l) => JSON.parse(l)).find((l) => l.msg?.startsWith('mail stored'));
    expect(mailLine).toMatchObject({ template: 'sign-in-code', messageId: expect.stringMatching(/^outbox-\d+$/) });
    expect(mailLine).not.toHaveProperty('subject');
    expect(mailLine).not.toHaveProperty('to');
  } finally {
    await t.close();
  }
});

it('SMTP mode: no log line carries the code', async () => {
  const raw: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      let body = '';
      stream.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      stream.on('end', () => {
        raw.push(body);
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const { port } = smtp.server.address() as { port: number };
  const lines: string[] = [];
  const t = await createTestApp({
    env: { LOG_LEVEL: 'trace', SMTP_URL: `smtp://127.0.0.1:${port}` },
    deps: { logStream: { write: (l) => lines.push(l) } },
  });
  try {
    const { code } = await signInFlow(t.app, 'smtp-logs@example.com', async () => codeInMail(raw.at(-1))!);
    expect(lines.filter((l) => l.includes(code))).toEqual([]);
    expect(lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'mail sent')).toMatchObject({
      template: 'sign-in-code',
      messageId: expect.any(String),
    });
  } finally {
    await t.close();
    await new Promise<void>((r) => smtp.close(() => r()));
  }
});
