import { Conflict } from '../../platform/domainErrors';
import { callProvider, type Settlement, type SettlementDeps } from './settlement';

const TWO_DAYS_MS = 2 * 24 * 3600 * 1000;

/**
 * Finishes checkouts left open by a crash or a lost webhook: paid ones become orders, refunds that
 * did not go through are sent again. Run at start and every few minutes (app.ts); a checkout that
 * fails here is logged and looked at again next time.
 */
export async function reconcileCheckouts(
  { uow, provider, log, now }: SettlementDeps,
  { settle, refundAndRefuse }: Settlement,
  maxAgeMs = TWO_DAYS_MS,
  limit = 500,
): Promise<{ ordered: number; refunded: number }> {
  let ordered = 0;
  let refunded = 0;
  for (const checkout of await uow.repos.checkouts.unsettled(new Date(now().getTime() - maxAgeMs), limit)) {
    try {
      if (checkout.status === 'refund_pending') {
        await refundAndRefuse(checkout.id).catch((e: unknown) => {
          if (!(e instanceof Conflict)) throw e;
        });
        refunded += 1;
        continue;
      }
      const intent = await callProvider(() => provider.retrieveIntent(checkout.payment_intent_id!));
      if (intent?.status !== 'succeeded') continue;
      await settle(checkout, intent).then(
        () => {
          ordered += 1;
        },
        (e: unknown) => {
          if (!(e instanceof Conflict)) throw e;
          refunded += 1;
        },
      );
    } catch (err) {
      log.warn({ err, checkoutId: checkout.id }, 'reconciliation of a checkout failed; next run retries');
    }
  }
  return { ordered, refunded };
}
