import { latestCodeIn } from '../../tests/utils/mailbox';
import { baseUrl } from './browser';

/** The newest sign-in code the server mailed to `email`, read from the local outbox (waits up to 5 s). */
export async function codeFor(email: string, base = baseUrl()): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const code = latestCodeIn(await (await fetch(`${base}/dev/mailbox.json`)).json(), email);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${email}`);
}
