/** A sign-in code as the code mail's text body carries it (never its subject). */
export function codeInMail(text: string | undefined): string | undefined {
  return text?.match(/sign-in code is (\d{6})\./)?.[1];
}

type OutboxMail = { to: string; subject: string; text: string };

/** The code of the newest mail to `email` in a /dev/mailbox.json listing (newest first). */
export function latestCodeIn(mails: OutboxMail[], email: string): string | undefined {
  return codeInMail(mails.find((m) => m.to === email.toLowerCase())?.text);
}
