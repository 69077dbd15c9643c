import { RULE_SENTENCES, type GuaranteeRuleName } from '../../../shared/contract/guarantee';
import type { Mail } from '../mail/mailer';
import { esc } from '../mail/templates';

const BUTTON =
  'display:inline-block;background:#ff3d7f;color:#fff;padding:12px 20px;border-radius:8px;' +
  'text-decoration:none;font-weight:700';

const dateFmt = (d: Date) =>
  d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The guaranteed view's apology: what happened in plain words, the replay's new end (or that it
 * stays), and the one-click link to a refund or a credit. Its link carries the token: the mail's
 * template name is all a log line ever shows.
 */
export function guaranteeMail(
  to: string,
  name: string,
  facts: { title: string; rule: GuaranteeRuleName; replayUntil: Date | null; link: string },
): Mail {
  const happened = RULE_SENTENCES[facts.rule];
  const replay = facts.replayUntil
    ? `Your replay of the show now stays open until ${dateFmt(facts.replayUntil)}.`
    : 'The replay of this show stays open for you, as it does for everyone.';
  const offer = 'To make up for it, choose a refund of your ticket or a credit toward another show:';
  const subject = `We are sorry about ${facts.title}`;
  const text = [
    `Hi ${name},`,
    '',
    `${happened} That was our fault, and we are sorry.`,
    '',
    replay,
    '',
    offer,
    facts.link,
    '',
    'The link works once and needs no sign-in.',
  ].join('\n');
  const html =
    '<!doctype html><html><body style="margin:0;background:#0b0a12;' +
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#f4f2f8\">" +
    `
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:800;margin:0 0 24px">All<span style="color:#ff3d7f">Access</span></p>
<p style="margin:0 0 8px">Hi ${esc(name)},</p>
<p style="margin:0 0 16px">${esc(happened)} That was our fault, and we are sorry.</p>
<p style="margin:0 0 16px">${esc(replay)}</p>
<p style="margin:0 0 16px">${esc(offer)}</p>
<p style="margin:0 0 16px"><a href="${esc(facts.link)}" style="${BUTTON}">Refund or credit</a></p>
<p style="margin:0;color:#b9b4c7;font-size:14px">The link works once and needs no sign-in.</p>
</div></body></html>`;
  return { template: 'guarantee-make-good', to, subject, text, html };
}

/** The credit's mail: the code, its worth, until when. */
export function creditMail(to: string, name: string, facts: { code: string; amount: string; until: Date }): Mail {
  const subject = 'Your AllAccess credit';
  const line =
    `Your credit of ${facts.amount} toward another show: use the code ${facts.code} at checkout, once, ` +
    `until ${dateFmt(facts.until)}.`;
  const text = [`Hi ${name},`, '', line].join('\n');
  const html =
    '<!doctype html><html><body style="margin:0;background:#0b0a12;' +
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#f4f2f8\">" +
    `<div style="max-width:520px;margin:0 auto;padding:32px 24px"><p style="margin:0 0 8px">Hi ${esc(name)},</p>` +
    `<p style="margin:0">${esc(line)}</p></div></body></html>`;
  return { template: 'guarantee-credit', to, subject, text, html };
}
