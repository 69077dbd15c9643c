import crypto from 'node:crypto';

/** Stripe's default tolerance: a signature older than this is refused (replays). */
export const SIGNATURE_TOLERANCE_S = 300;

/**
 * Stripe's webhook signature scheme (`Stripe-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`), used by the sandbox so its webhooks are checked exactly as Stripe's are.
 * The HMAC is over the raw bytes received, never over re-serialized JSON.
 */
export function signStripePayload(payload: string | Buffer, secret: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  const mac = crypto.createHmac('sha256', secret).update(`${t}.`).update(payload).digest('hex');
  return `t=${t},v1=${mac}`;
}

export function verifyStripeSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowMs: number,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.split('=') as [string, string?]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_S) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return parts.some(([k, v]) => {
    if (k !== 'v1' || !v || !/^[0-9a-f]{64}$/.test(v)) return false;
    return crypto.timingSafeEqual(Buffer.from(v, 'hex'), expected);
  });
}
