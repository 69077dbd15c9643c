import { latestCodeIn } from '../../tests/utils/mailbox';
import { baseUrl } from './browser';
import { poll } from './waitUntil';

/** The newest sign-in code the server mailed to `email`, read from the local outbox (waits up to 5 s). */
export async function codeFor(email: string, base = baseUrl()): Promise<string> {
  const read = async () => latestCodeIn(await (await fetch(`${base}/dev/mailbox.json`)).json(), email);
  return (await poll(`a sign-in code mailed to ${email}`, read, Boolean, { timeout: 5000 }))!;
}
