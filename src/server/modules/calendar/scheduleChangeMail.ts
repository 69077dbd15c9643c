import { formatEventDateTime } from '../../../shared/format';
import type { Mail, MailAttachment } from '../mail/mailer';
import { esc } from '../mail/templates';
import { venueTime } from './calendarFile';

/**
 * A ticket holder's mail when the organizer moves the air date: the new date in New York time (as
 * every screen gives it) and at the venue, the watch link, and the updated calendar file attached
 * (same UID, higher SEQUENCE: the calendar entry moves rather than doubles).
 */
export function scheduleChangeMail(
  to: string,
  name: string,
  show: { title: string; airStart: Date; venueTimeZone: string; watch: string; calendar: string },
  file: MailAttachment,
): Mail {
  const newYork = formatEventDateTime(show.airStart.toISOString());
  const atVenue = venueTime(show.airStart, show.venueTimeZone);
  const subject = `The date of ${show.title} has changed`;
  const text = [
    `Hi ${name},`,
    '',
    `The date of ${show.title} has changed. It now airs ${newYork} (${atVenue} at the venue).`,
    'Your ticket stays valid for the new date.',
    '',
    `Watch: ${show.watch}`,
    `The updated calendar file is attached; it replaces the entry your calendar already has. Also at: ${show.calendar}`,
  ].join('\n');
  const html =
    '<!doctype html><html><body style="margin:0;background:#0b0a12;' +
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#f4f2f8\">" +
    `
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:800;margin:0 0 24px">All<span style="color:#ff3d7f">Access</span></p>
<p style="margin:0 0 8px">Hi ${esc(name)},</p>
<p style="margin:0 0 16px">The date of <strong>${esc(show.title)}</strong> has changed. It now airs ` +
    `<strong>${esc(newYork)}</strong> (${esc(atVenue)} at the venue). Your ticket stays valid for the new date.</p>
<p style="margin:0 0 16px"><a href="${esc(show.watch)}" style="color:#ff3d7f">Watch</a> · ` +
    `<a href="${esc(show.calendar)}" style="color:#ff3d7f">Add to calendar</a></p>
<p style="margin:0;color:#b9b4c7">The updated calendar file is attached; it replaces the entry your calendar ` +
    `already has.</p>
</div></body></html>`;
  return { template: 'schedule-change', to, subject, text, html, attachments: [file] };
}
