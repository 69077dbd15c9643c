// @databases postgres: its outcome does not depend on the kind of database
import { cartTestApp } from '../../../utils/cart';
import { CARDS, checkoutDriver } from '../../../utils/checkout';

/**
 * A payment's client secret lets whoever holds it confirm the payment: a whole card checkout with
 * authentication at the most verbose log level, then every log line is searched for it, for the
 * card number and for the webhook signing secret.
 */
it('no log line carries the client secret, the card number or the webhook secret', async () => {
  const lines: string[] = [];
  const { t, d, ids } = await cartTestApp({
    env: { LOG_LEVEL: 'trace', SANDBOX_EVENT_DELAY_MS: '0' },
    deps: { logStream: { write: (l) => lines.push(l) } },
  });
  try {
    const c = checkoutDriver(t.app, t.config.jwtSecret);
    const who = await d.user('logs');
    await d.add(who, { asset_id: ids['cart-a'] });
    const { paymentIntentId, client_secret } = (await c.intent(who, 1000)).json().data;
    const { next_action } = (await c.confirm(who, client_secret, CARDS.authenticate)).json().data;
    await t.app.inject({ url: next_action.redirect_url });
    const back = await t.app.inject({
      method: 'POST',
      url: next_action.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=complete',
    });
    await t.app.inject({ url: back.headers.location as string }); // the confirmation page, secret in its query
    expect((await c.cardOrder(who, paymentIntentId)).statusCode).toBe(200);
    await c.webhook('payment_intent.succeeded', {
      id: paymentIntentId,
      status: 'succeeded',
      amount: 1000,
      metadata: {},
    });

    expect(lines.length).toBeGreaterThan(10);
    expect(lines.some((l) => l.includes('/payments/sandbox/authenticate'))).toBe(true);
    const secretPart = client_secret.split('_secret_')[1];
    expect(lines.filter((l) => l.includes(secretPart))).toEqual([]);
    expect(lines.filter((l) => l.includes('4000002500003155') || l.includes(CARDS.authenticate))).toEqual([]);
    const { deriveKeys } = await import('../../../../src/server/modules/auth/keys');
    expect(lines.filter((l) => l.includes(deriveKeys(t.config.jwtSecret).sandboxWebhook))).toEqual([]);
  } finally {
    await t.close();
  }
});
