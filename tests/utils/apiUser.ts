import { apiHost } from '../../src/client/api/apiHost';
import { latestCodeIn } from './mailbox';

/**
 * Signs up a real user on the test server (the one client tests talk to) through its own API:
 * register, read the code from the outbox, verify. Returns the user's token and id.
 */
export async function signUpOnTestServer(
  email: string,
  firstName = 'Test',
  lastName = 'User',
): Promise<{ token: string; userId: number }> {
  const base = `${apiHost()}/v1`;
  const post = async (path: string, body: object) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: unknown; message: string };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${json.message}`);
    return json;
  };
  await post('/register', { emailId: email, loginSource: 3 });
  const code = latestCodeIn(await (await fetch(`${apiHost()}/dev/mailbox.json`)).json(), email);
  if (!code) throw new Error(`no code mailed to ${email}`);
  const verified = await post('/verifyotp', { emailId: email, otp: code, NewUser: true, firstName, lastName });
  const session = (verified.data as { token: string; userId: number }[])[0]!;
  return { token: session.token, userId: session.userId };
}
