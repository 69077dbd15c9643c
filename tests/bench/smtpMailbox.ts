import { SMTPServer } from 'smtp-server';

/*
 * NODE_ENV=production has no outbox and needs SMTP_URL, so benches that sign people up run this
 * local SMTP listener and read each sign-in code from the mail it receives.
 */

/** A local mail server keeping the newest sign-in code sent to each address. */
export async function startSmtpMailbox() {
  const codes = new Map<string, string>();
  const waiting = new Map<string, (code: string) => void>();
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
        const code = raw.replace(/=\r?\n/g, '').match(/sign-in code is (\d{6})\./)?.[1];
        for (const to of session.envelope.rcptTo.map((r) => r.address.toLowerCase())) {
          if (!code) continue;
          codes.set(to, code);
          waiting.get(to)?.(code);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The code mailed to `email` (waits up to 10 s for it). */
    codeFor: (email: string) =>
      new Promise<string>((resolve, reject) => {
        const known = codes.get(email);
        if (known) return resolve(known);
        const timer = setTimeout(() => reject(new Error(`no code mailed to ${email}`)), 10_000);
        waiting.set(email, (code) => {
          clearTimeout(timer);
          waiting.delete(email);
          resolve(code);
        });
      }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
