import { formatEventDateTime, INVALID_DATE } from '../../../shared/format';
import type { Mail } from '../mail/mailer';
import { esc } from '../mail/templates';

type Ticket = { title: string; path: string; airStart: Date | null };

const page = (body: string) =>
  '<!doctype html><html><body style="margin:0;background:#0b0a12;' +
  "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#f4f2f8\">" +
  `
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:800;margin:0 0 24px">All<span style="color:#ff3d7f">Access</span></p>
${body}
</div></body></html>`;

/** 'Airs Nov 28, 2026, 8:00 PM EST' in New York time, or nothing for an undated event. */
const airs = (t: Ticket) => {
  const when = t.airStart ? formatEventDateTime(new Date(t.airStart).toISOString()) : INVALID_DATE;
  return when === INVALID_DATE ? null : `Airs ${when}.`;
};

/**
 * The receiver's mail: who handed them a ticket, for what, and the one step left. A receiver with
 * an account holds the ticket already (the link is the event page); anyone else signs up (or in)
 * with this address and finds it in their order history.
 */
export function ticketReceivedMail(
  to: string,
  from: string,
  ticket: Ticket,
  publicUrl: string,
  hasAccount: boolean,
): Mail {
  const eventUrl = `${publicUrl}/events/${encodeURIComponent(ticket.path)}`;
  const step = hasAccount
    ? { text: 'The ticket is in your order history. Watch here:', url: eventUrl, label: 'Open the event' }
    : {
        text: 'Sign in with this e-mail address (a new account takes a minute) and the ticket is yours:',
        url: `${publicUrl}/sign-in`,
        label: 'Sign in to claim it',
      };
  const subject = `${from} handed you a ticket for ${ticket.title}`;
  const when = airs(ticket);
  const text = [
    'Hi,',
    '',
    `${from} handed you their ticket for ${ticket.title}.${when ? ` ${when}` : ''}`,
    '',
    step.text,
    step.url,
    ...(hasAccount ? [] : ['', `Then watch: ${eventUrl}`]),
  ].join('\n');
  const html = page(
    `<p style="margin:0 0 8px">Hi,</p>
<p style="margin:0 0 16px">${esc(from)} handed you their ticket for <strong>${esc(ticket.title)}</strong>.` +
      `${when ? ` ${esc(when)}` : ''}</p>
<p style="margin:0 0 16px">${esc(step.text)}</p>
<p style="margin:0 0 16px"><a href="${esc(step.url)}" style="color:#ff3d7f">${esc(step.label)}</a></p>` +
      (hasAccount
        ? ''
        : '<p style="margin:0">Then watch: ' +
          `<a href="${esc(eventUrl)}" style="color:#ff3d7f">${esc(ticket.title)}</a></p>`),
  );
  return { template: 'ticket-received', to, subject, text, html };
}

/** The sender's confirmation: the ticket went to (masked) whom, and that it no longer plays for them. */
export function ticketHandedOnMail(to: string, name: string, maskedTo: string, ticket: Ticket, orderRef: string): Mail {
  const subject = `You handed on your ticket for ${ticket.title}`;
  const text = [
    `Hi ${name},`,
    '',
    `Your ticket for ${ticket.title} (order ${orderRef}) went to ${maskedTo}. It no longer plays on your account.`,
  ].join('\n');
  const html = page(
    `<p style="margin:0 0 8px">Hi ${esc(name)},</p>
<p style="margin:0">Your ticket for <strong>${esc(ticket.title)}</strong> (order ${esc(orderRef)}) went to ` +
      `${esc(maskedTo)}. It no longer plays on your account.</p>`,
  );
  return { template: 'ticket-handed-on', to, subject, text, html };
}
