import { centsToDollars, formatPrice } from '../../../shared/money';
import type { Mail } from '../mail/mailer';
import { esc } from '../mail/templates';

type EndedOrder = { ref: string; amountCents: number; method: string };

/** What differs between the two mails: the subject, the opening (the order id as given), whose tickets. */
type Words = {
  template: string;
  subject: (ref: string) => string;
  opening: (ref: string) => string;
  tickets: string;
};

/** An order refunded in full: the amount and where it goes, the events whose access ended. */
function orderEndedMail(words: Words, to: string, name: string, order: EndedOrder, titles: string[]): Mail {
  const amount = formatPrice(centsToDollars(order.amountCents));
  const back =
    order.amountCents === 0
      ? 'Nothing was charged, so nothing is paid back.'
      : `${amount} goes back to the card you paid with; banks take 5 to 10 days to show it.`;
  const text = [
    `Hi ${name},`,
    '',
    `${words.opening(order.ref)} ${back}`,
    '',
    words.tickets,
    ...titles.map((t) => `- ${t}`),
  ].join('\n');
  const html =
    '<!doctype html><html><body style="margin:0;background:#0b0a12;' +
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#f4f2f8\">" +
    `
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:800;margin:0 0 24px">All<span style="color:#ff3d7f">Access</span></p>
<p style="margin:0 0 8px">Hi ${esc(name)},</p>
<p style="margin:0 0 16px">${words.opening(`<strong>${esc(order.ref)}</strong>`)} ${esc(back)}</p>
<p style="margin:0 0 8px">${esc(words.tickets)}</p>
<ul style="margin:0;padding-left:20px">${titles.map((t) => `<li>${esc(t)}</li>`).join('')}</ul>
</div></body></html>`;
  return { template: words.template, to, subject: words.subject(order.ref), text, html };
}

/**
 * The fan's mail once the provider has refunded an order (an organizer's refund, the guaranteed
 * view's): sent after the provider said yes, outside any transaction.
 */
export const orderRefundedMail = (to: string, name: string, order: EndedOrder, titles: string[]): Mail =>
  orderEndedMail(
    {
      template: 'order-refunded',
      subject: (ref) => `Your AllAccess order ${ref} was refunded`,
      opening: (ref) => `Your order ${ref} was refunded in full.`,
      tickets: 'The tickets of this order no longer give access to:',
    },
    to,
    name,
    order,
    titles,
  );

/** The fan's mail once their own cancellation is refunded: it confirms what they did. */
export const orderCancelledMail = (to: string, name: string, order: EndedOrder, titles: string[]): Mail =>
  orderEndedMail(
    {
      template: 'order-cancelled',
      subject: (ref) => `Your AllAccess order ${ref} is cancelled`,
      opening: (ref) => `You cancelled your order ${ref}, and it is refunded in full.`,
      tickets: 'Your tickets of this order no longer give access to:',
    },
    to,
    name,
    order,
    titles,
  );
