import type { FastifyPluginAsync } from 'fastify';
import type { OutboxRepository } from './outboxRepository';
import { answerOnlyThisMachine } from '../../platform/thisMachineOnly';
import { esc } from './templates';

/**
 * The outbox, readable: /dev/mailbox.json (newest first) for tests and tools, /dev/mailbox as a page.
 * Registered only in outbox mode and never when NODE_ENV=production. It holds every sign-in code, so
 * it answers only a caller on this machine (answerOnlyThisMachine).
 */
/** 'Attached: show.ics' under a mail that carries files (their names only). */
function attachedNames(attachments: unknown): string {
  const names = Array.isArray(attachments)
    ? attachments.map((a) => String((a as { filename?: unknown }).filename))
    : [];
  return names.length ? `<p class="meta">Attached: ${esc(names.join(', '))}</p>` : '';
}

export const mailboxRoutes: FastifyPluginAsync<{
  outbox: Pick<OutboxRepository, 'newest'>;
  /** TRUST_PROXY is set: then no caller is this machine's own. */
  proxyDeclared: boolean;
}> = async (app, { outbox, proxyDeclared }) => {
  answerOnlyThisMachine(app, { proxyDeclared });

  const newest = () => outbox.newest(200);

  app.get('/dev/mailbox.json', { config: { auth: 'none' } }, async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return (await newest()).map((m) => ({
      to: m.to_address,
      subject: m.subject,
      text: m.text,
      html: m.html,
      attachments: (m.attachments ?? []) as unknown[],
      createdAt: new Date(m.created_at).toISOString(),
    }));
  });

  app.get('/dev/mailbox', { config: { auth: 'none' } }, async (_req, reply) => {
    const mails = await newest();
    const items = mails
      .map(
        (m) =>
          `<article><h2>${esc(m.subject)}</h2><p ` +
          `class="meta">To ${esc(m.to_address)} · ${esc(new Date(m.created_at).toISOString())}</p>` +
          `<pre>${esc(m.text)}</pre>${attachedNames(m.attachments)}</article>`,
      )
      .join('');
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return (
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
      `content="width=device-width,initial-scale=1"><title>Mailbox (${mails.length})</title>
<style>body{font-family:system-ui,sans-serif;background:#0b0a12;color:#f4f2f8;max-width:760px;margin:0 ` +
      `auto;padding:24px}article{border:1px solid #333;border-radius:10px;padding:16px;margin:16px ` +
      `0;background:#16141f}h2{font-size:1.1rem;margin:0}.meta{color:#b9b4c7;margin:4px 0 ` +
      `12px}pre{white-space:pre-wrap;font-family:inherit;margin:0}</style></head>
<body><h1>Local mailbox</h1><p class="meta">Mail the server would have sent (no SMTP_URL set). Newest ` +
      `first.</p>${items || '<p>No mail yet.</p>'}</body></html>`
    );
  });
};
