import { centsToDollars, formatPrice } from '../../../shared/money';
import type { Mail } from '../mail/mailer';
import { esc } from '../mail/templates';

/**
 * The fan's mail once their own cancellation is refunded: it confirms what they did (the refund
 * mail says an organizer refunded), the amount and where it goes, the events whose access ended.
 */
export function orderCancelledMail(
  to: string,
  name: string,
  order: { ref: string; amountCents: number; method: string },
  titles: string[],
): Mail {
  const amount = formatPrice(centsToDollars(order.amountCents));
  const back =
    order.amountCents === 0
      ? 'Nothing was charged, so nothing is paid back.'
      : `${amount} goes back to the card you paid with; banks take 5 to 10 days to show it.`;
  const subject = `Your AllAccess order ${order.ref} is cancelled`;
  const text = [
    `Hi ${name},`,
    '',
    `You cancelled your order ${order.ref}, and it is refunded in full. ${back}`,
    '',
    'Your tickets of this order no longer give access to:',
    ...titles.map((t) => `- ${t}`),
  ].join('\n');
  const html =
    '<!doctype html><html><body style="margin:0;background:#0b0a12;' +
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#f4f2f8\">" +
    `
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:800;margin:0 0 24px">All<span style="color:#ff3d7f">Access</span></p>
<p style="margin:0 0 8px">Hi ${esc(name)},</p>
<p style="margin:0 0 16px">You cancelled your order <strong>${esc(order.ref)}</strong>, ` +
    `and it is refunded in full. ${esc(back)}</p>
<p style="margin:0 0 8px">Your tickets of this order no longer give access to:</p>
<ul style="margin:0;padding-left:20px">${titles.map((t) => `<li>${esc(t)}</li>`).join('')}</ul>
</div></body></html>`;
  return { template: 'order-cancelled', to, subject, text, html };
}
