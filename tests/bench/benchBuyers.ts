import type { startSmtpMailbox } from './smtpMailbox';

/** What the benches need of an API answer. */
export type Json = { success?: boolean; message?: string; data?: unknown };
export type Call = (
  method: 'GET' | 'POST',
  path: string,
  options?: { token?: string; ip?: string; body?: object },
) => Promise<{ status: number; json: Json }>;
export type SignedUp = { email: string; ip: string; token: string; userId: number };

/** The p-th percentile (nearest rank) of `values`. */
export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function inBatches<T, R>(
  items: T[],
  width: number,
  work: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map((item, k) => work(item, i + k)))));
  return out;
}

/** The API as a browser calls it, with a bearer token and, behind a trusted proxy, a client address. */
export function apiCaller(baseUrl: string): Call {
  return async (method, path, options = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as Json };
  };
}

/**
 * `count` new users signed up as people do: a code by mail, then verified. Each comes from its own
 * address (the server must trust the bench as its proxy: TRUST_PROXY=127.0.0.1), so per-address
 * sign-in limits hold for each as for a real visitor.
 */
export async function signUpBuyers(
  call: Call,
  mailbox: Awaited<ReturnType<typeof startSmtpMailbox>>,
  count: number,
  width = 20,
): Promise<SignedUp[]> {
  return inBatches(Array.from({ length: count }), width, async (_, i) => {
    const email = `bench-${Date.now()}-${i}@example.com`;
    const ip = `10.77.${i >> 8}.${(i & 255) + 1}`;
    const sent = await call('POST', '/v1/register', { ip, body: { emailId: email, loginSource: 3 } });
    if (sent.status !== 200) throw new Error(`register ${sent.status}: ${sent.json.message}`);
    const verified = await call('POST', '/v1/verifyotp', {
      ip,
      body: {
        emailId: email,
        otp: await mailbox.codeFor(email),
        NewUser: true,
        firstName: 'Bench',
        lastName: `Buyer ${i}`,
      },
    });
    if (verified.status !== 200) throw new Error(`verify ${verified.status}: ${verified.json.message}`);
    const { token, userId } = (verified.json.data as { token: string; userId: number }[])[0]!;
    return { email, ip, token, userId };
  });
}
