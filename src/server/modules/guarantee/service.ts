import { randomBytes } from 'node:crypto';
import {
  MAKE_GOOD_MESSAGES,
  RULE_SENTENCES,
  type MakeGoodData,
  type StudioGuarantees,
} from '../../../shared/contract/guarantee';
import { STUDIO_MESSAGES } from '../../../shared/contract/studio';
import { centsToDollars, formatPrice } from '../../../shared/money';
import type { GuaranteeRemedy } from '../../db/schema';
import { Conflict, NotFound, UpstreamFailure } from '../../platform/domainErrors';
import { creditMail } from './guaranteeMail';
import { DAY_MS, hashToken, judgeOf, nameOf, type JudgeDeps } from './guaranteeJudge';
import type { DecisionView } from './guaranteeRepository';

const CREDIT_DAYS = 365;

/** A credit's coupon code: 'MG-' and 10 characters without look-alikes. */
function creditCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return `MG-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

type GuaranteeDeps = JudgeDeps & {
  /** The order's full refund, with the reason 'guarantee' (orders/refundService.ts). */
  refund: (actor: { userId: number; email: string }, orderId: number) => Promise<void>;
};

/**
 * The guaranteed view (docs/decisions.md "After the purchase"): a periodic judge of every live show
 * that ended lately (guaranteeRule.ts), one decision per ticket with its evidence, the replay
 * extended, the apology mailed outside any transaction; and the make-good the fan chooses by the
 * mail's link, once.
 */
export function createGuarantee(deps: GuaranteeDeps) {
  const { uow, log } = deps;
  const now = () => (deps.now ?? Date.now)();
  const repo = uow.repos.guarantees;

  function sentenceFor(d: DecisionView, facts: Awaited<ReturnType<typeof repo.orderFacts>>, held: boolean) {
    if (!held || !facts) return { choices: [] as GuaranteeRemedy[], refundUnavailable: MAKE_GOOD_MESSAGES.notHeld };
    if (facts.priceCents === 0)
      return { choices: [] as GuaranteeRemedy[], refundUnavailable: MAKE_GOOD_MESSAGES.nothingPaid };
    if (facts.status !== 'Active' || facts.refunded)
      return { choices: ['credit'] as GuaranteeRemedy[], refundUnavailable: MAKE_GOOD_MESSAGES.refundUnavailableGone };
    if (facts.events > 1)
      return {
        choices: ['credit'] as GuaranteeRemedy[],
        refundUnavailable: MAKE_GOOD_MESSAGES.refundUnavailableSeveral,
      };
    return { choices: ['refund', 'credit'] as GuaranteeRemedy[], refundUnavailable: null };
  }

  async function decisionOf(token: string): Promise<DecisionView> {
    const d = await repo.byTokenHash(hashToken(token));
    if (!d) throw new NotFound(MAKE_GOOD_MESSAGES.unknown);
    return d;
  }

  async function view(d: DecisionView): Promise<MakeGoodData & { priceCents: number }> {
    const [facts, held] = await Promise.all([repo.orderFacts(d.orderId, d.eventId), repo.holds(d.userId, d.eventId)]);
    const open = d.remedy === null ? sentenceFor(d, facts, held) : { choices: [], refundUnavailable: null };
    const priceCents = facts?.priceCents ?? 0;
    return {
      eventTitle: d.title,
      rule: d.rule,
      happened: RULE_SENTENCES[d.rule],
      replayUntil: d.replayUntil?.toISOString() ?? null,
      choices: open.choices,
      refundUnavailable: open.refundUnavailable,
      amount: centsToDollars(priceCents),
      remedy: d.remedy,
      creditCode: d.creditCode,
      creditExpiresAt:
        d.creditCode && d.remedyAt ? new Date(d.remedyAt.getTime() + CREDIT_DAYS * DAY_MS).toISOString() : null,
      priceCents,
    };
  }

  async function makeGood(token: string): Promise<MakeGoodData> {
    const { priceCents: _cents, ...data } = await view(await decisionOf(token));
    return data;
  }

  return {
    ...judgeOf(deps),

    /** The make-good page: what happened, the replay, the choices. 404 for a link that is not one. */
    makeGood,

    /**
     * The fan's choice, once (a conditional update: a double click finds it made, 409). A refund goes
     * through the refund service (its claim makes it once per order, reason 'guarantee'); a credit is
     * a coupon of the ticket's paid price, one use, for a year, mailed.
     */
    async choose(token: string, remedy: GuaranteeRemedy): Promise<MakeGoodData> {
      const d = await decisionOf(token);
      const before = await view(d);
      if (d.remedy !== null) throw new Conflict(MAKE_GOOD_MESSAGES.chosenAlready);
      if (!before.choices.includes(remedy)) throw new Conflict(before.refundUnavailable ?? MAKE_GOOD_MESSAGES.notHeld);
      const at = new Date(now());
      if (remedy === 'credit') {
        const code = creditCode();
        const until = new Date(at.getTime() + CREDIT_DAYS * DAY_MS);
        const chosen = await uow.transaction(async (repos) => {
          if (!(await repos.guarantees.chooseRemedy(d.userId, d.eventId, 'credit', at, code))) return false;
          if (!(await repos.guarantees.insertCredit(code, before.priceCents, at, until)))
            throw new Error('a new credit code was taken already');
          return true;
        });
        if (!chosen) throw new Conflict(MAKE_GOOD_MESSAGES.chosenAlready);
        try {
          await deps.mailer.send(
            creditMail(d.email, nameOf(d), { code, amount: formatPrice(centsToDollars(before.priceCents)), until }),
          );
        } catch (err) {
          log.error({ err, userId: d.userId, eventId: d.eventId }, 'guaranteed view: the credit mail failed');
        }
      } else {
        if (!(await repo.chooseRemedy(d.userId, d.eventId, 'refund', at, null)))
          throw new Conflict(MAKE_GOOD_MESSAGES.chosenAlready);
        try {
          await deps.refund({ userId: d.userId, email: d.email }, d.orderId);
        } catch (err) {
          // Refunded by another way meanwhile (409), or the provider failed (kept pending: the
          // reconciliation job finishes it): the fan's choice stands either way.
          if (!(err instanceof Conflict) && !(err instanceof UpstreamFailure)) {
            // Nothing was claimed (a lost connection, a deadlock): the choice is taken back, so it is never
            // left chosen with no refund behind it, and the fan's next click tries again.
            await repo.withdrawUnclaimedRefund(d.userId, d.eventId, d.orderId);
            throw err;
          }
          log.warn({ err, orderId: d.orderId }, 'guaranteed view: the refund did not finish at once');
        }
      }
      return makeGood(token);
    },

    /** The console's list of an event's decisions. 404 for an unknown event. */
    async ofEvent(eventId: number): Promise<StudioGuarantees> {
      if (!(await repo.eventIds([String(eventId)])).size) throw new NotFound(STUDIO_MESSAGES.unknownEvents([eventId]));
      const rows = await repo.ofEvent(eventId);
      return {
        eventId,
        guarantees: rows.map((d) => ({
          email: d.email,
          rule: d.rule,
          evidence: Object.fromEntries(
            Object.entries(d.evidence).map(([k, v]) => [
              k,
              typeof v === 'number' || typeof v === 'string' ? v : v === null ? null : String(v),
            ]),
          ),
          decidedAt: d.decidedAt.toISOString(),
          replayUntil: d.replayUntil?.toISOString() ?? null,
          mailed: d.mailedAt !== null,
          remedy: d.remedy,
          remedyAt: d.remedyAt?.toISOString() ?? null,
        })),
      };
    },

    /** The replay a decision extended a ticket's to (streams asks once the normal replay has ended). */
    replayUntil: (userId: number, eventId: number) => repo.replayUntil(userId, eventId),
  };
}
export type Guarantee = ReturnType<typeof createGuarantee>;
