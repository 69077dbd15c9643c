import { formatEventDateTime } from '../../../shared/format';
import type { Mail } from '../mail/mailer';
import { esc } from '../mail/templates';

/**
 * The mail to the fan a returned seat is held for: the event, until when (New York time, as every
 * date of the shop), and a link straight to checkout, where the event waits in their cart.
 */
export function seatHeldMail(
  to: string,
  name: string,
  hold: { title: string; heldUntil: Date; checkoutUrl: string },
): Mail {
  const until = formatEventDateTime(hold.heldUntil.toISOString());
  const subject = `A seat is held for you: ${hold.title}`;
  const lines = [
    `Hi ${name},`,
    '',
    `A seat of ${hold.title} came back and it is held for you until ${until}.`,
    'It is in your cart: pay before then and it is yours. After that it goes to the next fan in line.',
    '',
    `Go to checkout: ${hold.checkoutUrl}`,
  ];
  const html =
    '<!doctype html><html><body style="margin:0;background:#0b0a12;' +
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#f4f2f8\">" +
    `
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:800;margin:0 0 24px">All<span style="color:#ff3d7f">Access</span></p>
<p style="margin:0 0 8px">Hi ${esc(name)},</p>
<p style="margin:0 0 16px">A seat of <strong>${esc(hold.title)}</strong> came back and it is held for you until ` +
    `<strong>${esc(until)}</strong>.</p>
<p style="margin:0 0 24px">It is in your cart: pay before then and it is yours. ` +
    `After that it goes to the next fan in line.</p>
<p style="margin:0"><a href="${esc(hold.checkoutUrl)}" style="display:inline-block;background:#ff3d7f;color:#0b0a12;` +
    `font-weight:800;padding:12px 20px;border-radius:8px;text-decoration:none">Go to checkout</a></p>
</div></body></html>`;
  return { template: 'waitlist-seat-held', to, subject, text: lines.join('\n'), html };
}
