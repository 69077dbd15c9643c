import type { FastifyInstance } from 'fastify';
import { latestCodeIn } from './mailbox';

/** Drives the sign-in API the way the client does, reading codes from the local outbox. */
export function signInDriver(app: FastifyInstance, ip = '10.20.30.40') {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/v1${url}`, payload, headers, remoteAddress: ip });

  async function latestCode(email: string): Promise<string> {
    const code = latestCodeIn((await app.inject({ url: '/dev/mailbox.json' })).json(), email);
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  return {
    post,
    latestCode,
    checkUser: (emailId: string) => post('/checkuser', { emailId, loginSource: 3 }),
    requestLogin: (emailId: string) => post('/login', { emailId, loginSource: 3 }),
    requestRegister: (emailId: string) => post('/register', { emailId, loginSource: 3 }),
    verify: (emailId: string, otp: string, names: { firstName?: string; lastName?: string } = {}) =>
      post('/verifyotp', { emailId, otp, NewUser: Boolean(names.firstName), ...names }),
    /** Registers and verifies a new account; returns its token and id. */
    async signUp(emailId: string, firstName = 'Ada', lastName = 'Lovelace') {
      const sent = await post('/register', { emailId, loginSource: 3 });
      if (sent.statusCode !== 200) throw new Error(`register: ${sent.body}`);
      const res = await post('/verifyotp', {
        emailId,
        otp: await latestCode(emailId),
        NewUser: true,
        firstName,
        lastName,
      });
      if (res.statusCode !== 200) throw new Error(`verify: ${res.body}`);
      const data = res.json().data[0] as { token: string; userId: number };
      return { token: data.token, userId: data.userId, auth: { authorization: `Bearer ${data.token}` } };
    },
  };
}
