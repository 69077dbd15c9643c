import type { FastifyBaseLogger } from 'fastify';
import { centsToDollars, formatPrice } from '../../../shared/money';
import { formatEventDateTime, INVALID_DATE } from '../../../shared/format';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { Mail, MailAttachment, Mailer } from '../mail/mailer';
import { esc } from '../mail/templates';
import type { IdentityRepositories } from '../identity/repositories';
import type { OrderRepositories } from './repositories';

type Line = { title: string; path: string; paidCents: number; airStart: string | null; calendar: string | null };

/** 'Airs Nov 28, 2026, 8:00 PM EST', New York time as on every screen, or nothing for an undated event. */
const airs = (l: Line) => {
  const when = formatEventDateTime(l.airStart);
  return when === INVALID_DATE ? null : `Airs ${when}`;
};

/**
 * The order confirmation (docs/decisions.md "Mail"): the events bought, the amount, the order id, a link to watch each.
 */
function orderConfirmationMail(
  to: string,
  name: string,
  order: { ref: string; amountCents: number; method: string },
  lines: Line[],
  publicUrl: string,
  attachments: MailAttachment[] = [],
): Mail {
  const watch = (l: Line) => `${publicUrl}/events/${encodeURIComponent(l.path)}`;
  const total = formatPrice(centsToDollars(order.amountCents));
  const paidWith = order.method === 'vouchers' ? 'a voucher' : 'card';
  const text = [
    `Hi ${name},`,
    '',
    `Thank you for your purchase. Your order ${order.ref} is confirmed: ${total}, paid with ${paidWith}.`,
    '',
    ...lines.flatMap((l) => [
      `${l.title} (${formatPrice(centsToDollars(l.paidCents))})`,
      ...(airs(l) ? [airs(l)!] : []),
      `Watch: ${watch(l)}`,
      ...(l.calendar ? [`Add to calendar: ${l.calendar}`] : []),
      '',
    ]),
    'Your tickets are registered to your account: sign in with this e-mail address to watch.',
  ].join('\n');
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="padding:8px 0">${esc(l.title)}<br>` +
        (airs(l) ? `<span style="color:#b9b4c7">${esc(airs(l)!)}</span><br>` : '') +
        `<a href="${esc(watch(l))}" ` +
        `style="color:#ff3d7f">Watch</a>` +
        (l.calendar ? ` · <a href="${esc(l.calendar)}" style="color:#ff3d7f">Add to calendar</a>` : '') +
        `</td>` +
        `<td style="padding:8px 0;text-align:right">${esc(formatPrice(centsToDollars(l.paidCents)))}</td></tr>`,
    )
    .join('');
  const html =
    `<!doctype html><html><body style="margin:0;background:#0b0a12;font-family:system-ui,-apple-system,'Segoe ` +
    `UI',Roboto,Arial,sans-serif;color:#f4f2f8">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:800;margin:0 0 24px">All<span style="color:#ff3d7f">Access</span></p>
<p style="margin:0 0 8px">Hi ${esc(name)},</p>
<p style="margin:0 0 16px">Thank you for your purchase. Your order <strong>${esc(order.ref)}</strong> is confirmed, ` +
    `paid with ${paidWith}.</p>
<table style="width:100%;border-collapse:collapse">${rows}
<tr><td style="padding:12px 0;border-top:1px solid #333;font-weight:800">Total</td><td style="padding:12px ` +
    `0;border-top:1px solid #333;text-align:right;font-weight:800">${esc(total)}</td></tr></table>
<p style="margin:16px 0 0;color:#b9b4c7">Your tickets are registered to your account: sign in with this e-mail ` +
    `address to watch.</p>
</div></body></html>`;
  const mail: Mail = { template: 'order-confirmation', to, subject: `Your AllAccess order ${order.ref}`, text, html };
  return attachments.length ? { ...mail, attachments } : mail;
}

/**
 * Sends an order's confirmation after its transaction committed. A mail failure is logged, never
 * thrown: the sale stands, and the order is on the profile page either way.
 */
export function createOrderConfirmer(deps: {
  uow: UnitOfWork<Pick<OrderRepositories, 'orders'> & IdentityRepositories>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Calendar files (modules/calendar): one .ics per live event with a date, attached, and its link per line. */
  calendar?: {
    filesFor(eventIds: number[]): Promise<{ eventId: number; file: MailAttachment }[]>;
    calendarUrl(eventId: number): string;
  };
}) {
  return async (orderId: number): Promise<void> => {
    try {
      const order = await deps.uow.repos.orders.byId(orderId);
      if (!order) return;
      const user = await deps.uow.repos.identity.userById(order.user_id);
      if (!user) return;
      const items = await deps.uow.repos.orders.items(orderId);
      const name = `${user.first_name} ${user.last_name}`.trim() || user.email.split('@')[0]!;
      // The live shows with a date: their calendar files go with the mail, and each line links to its file.
      const files = (await deps.calendar?.filesFor(items.map((i) => i.event_id))) ?? [];
      const dated = new Set(files.map((f) => f.eventId));
      await deps.mailer.send(
        orderConfirmationMail(
          user.email,
          name,
          { ref: order.order_ref, amountCents: order.amount_cents, method: order.payment_method },
          items.map((i) => ({
            title: i.title,
            path: i.path,
            paidCents: i.price_cents,
            airStart: i.air_start_date === null ? null : new Date(i.air_start_date).toISOString(),
            calendar: dated.has(i.event_id) ? deps.calendar!.calendarUrl(i.event_id) : null,
          })),
          deps.publicUrl,
          files.map((f) => f.file),
        ),
      );
    } catch (err) {
      deps.log.error({ err, orderId }, 'order confirmation mail failed');
    }
  };
}
