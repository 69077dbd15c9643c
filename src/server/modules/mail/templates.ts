import type { Mail } from './mailer';

/** Escapes text for HTML mail and pages. */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sign-in code mail. The code is in the body only: subjects end up in logs, notification
 * previews and mail-server traces, and whoever reads the code can sign in as the recipient.
 */
export function signInCodeMail(to: string, code: string, minutesValid: number): Mail {
  const subject = 'Your AllAccess sign-in code';
  const text = [
    `Your AllAccess sign-in code is ${code}.`,
    '',
    `Enter it on the sign-in page within ${minutesValid} minutes. It works once.`,
    "If you didn't ask for it, you can ignore this e-mail: nobody can sign in without the code.",
  ].join('\n');
  const html =
    '<!doctype html><html><body style="margin:0;background:#0b0a12;' +
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#f4f2f8\">" +
    `
<div style="max-width:480px;margin:0 auto;padding:32px 24px">
<p style="font-size:20px;font-weight:800;margin:0 0 24px">All<span style="color:#ff3d7f">Access</span></p>
<p style="margin:0 0 8px">Your sign-in code:</p>
<p style="font-size:36px;font-weight:800;letter-spacing:8px;margin:0 0 24px">${esc(code)}</p>
<p style="margin:0 0 8px;color:#b9b4c7">Enter it on the sign-in page within ${minutesValid} minutes. It works once.</p>
<p style="margin:0;color:#b9b4c7">If you didn't ask for it, you can ignore this e-mail: ` +
    `nobody can sign in without the code.</p>
</div></body></html>`;
  return { template: 'sign-in-code', to, subject, text, html };
}
