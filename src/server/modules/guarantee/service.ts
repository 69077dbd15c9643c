import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAKE_GOOD_MESSAGES,
  RULE_SENTENCES,
  type MakeGoodData,
  type StudioGuarantees,
} from '../../../shared/contract/guarantee';
import { STUDIO_MESSAGES } from '../../../shared/contract/studio';
import { centsToDollars, formatPrice } from '../../../shared/money';
import type { GuaranteeRemedy } from '../../db/schema';
import type { UnitOfWork } from '../../db/unitOfWork';
import { Conflict, NotFound, UpstreamFailure } from '../../platform/domainErrors';
import type { Mailer } from '../mail/mailer';
import { creditMail, guaranteeMail } from './guaranteeMail';
import { judgeTicket, type RefusalFigures, type SessionFigures } from './guaranteeRule';
import type { GuaranteeRepositories } from './repositories';
import type { DecisionView } from './guaranteeRepository';
import type { EndedShow } from './showEvidenceRepository';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/**
 * Shows are judged for this long after they end, every run: a late beacon still counts. Less than a
 * day, since viewing sessions (which say whose figures they are) are swept a day after silence.
 */
const LOOKBACK_MS = 20 * 60 * MINUTE_MS;
/** A show is first judged this long after its end, when the players' beacons sent on leave are in. */
const DEFAULT_GRACE_MS = MINUTE_MS;
/** A decision whose mail failed is mailed again (with a new link) by a later run. */
const REMAIL_AFTER_MS = 5 * MINUTE_MS;
const CREDIT_DAYS = 365;

/** The make-good link's token: 256 random bits; only its SHA-256 is stored. */
const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** A credit's coupon code: 'MG-' and 10 characters without look-alikes. */
function creditCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return `MG-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

type GuaranteeDeps = {
  uow: UnitOfWork<GuaranteeRepositories>;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  publicUrl: string;
  /** A simulated live event's show lasts this long (config.streams.liveMinutes). */
  liveMinutes: number;
  /** Reads a started show's state, so one ended by its encoders' silence gets its end written down. */
  settleShow: (eventId: number) => Promise<unknown>;
  /** The order's full refund, with the reason 'guarantee' (orders/refundService.ts). */
  refund: (actor: { userId: number; email: string }, orderId: number) => Promise<void>;
  now?: () => number;
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

  const nameOf = (d: Pick<DecisionView, 'firstName' | 'lastName' | 'email'>) =>
    `${d.firstName} ${d.lastName}`.trim() || d.email.split('@')[0]!;

  /** Mails the decision's apology with a fresh link; a failure is logged and retried by a later run. */
  async function mailDecision(userId: number, eventId: number, token: string): Promise<void> {
    try {
      const d = await repo.byTicket(userId, eventId);
      if (!d) return;
      await deps.mailer.send(
        guaranteeMail(d.email, nameOf(d), {
          title: d.title,
          rule: d.rule,
          replayUntil: d.replayUntil,
          link: `${deps.publicUrl}/make-good/${token}`,
        }),
      );
      await repo.markMailed(userId, eventId, new Date(now()));
    } catch (err) {
      log.error({ err, userId, eventId }, 'guaranteed view: the mail failed; a later run sends it again');
    }
  }

  async function judgeShow(show: EndedShow): Promise<number> {
    const [sessions, refusals] = await Promise.all([
      repo.sessionsDuring(show.eventId, show.startedAt, show.endedAt),
      repo.refusalsDuring(show.eventId, show.startedAt, show.endedAt),
    ]);
    const byUser = new Map<number, { sessions: SessionFigures[]; refusals: RefusalFigures[] }>();
    const of = (userId: number) => {
      let t = byUser.get(userId);
      if (!t) byUser.set(userId, (t = { sessions: [], refusals: [] }));
      return t;
    };
    for (const s of sessions) of(s.userId).sessions.push(s);
    for (const r of refusals) of(r.user_id).refusals.push({ status: r.status, route: r.route, at: r.at });
    let decided = 0;
    for (const [userId, t] of byUser) {
      const verdict = judgeTicket(show, t.sessions, t.refusals, {
        startupSeconds: show.startupSeconds,
        stallPercent: show.stallPercent,
      });
      if (!verdict) continue;
      const at = now();
      // The replay's normal end, or now if it has passed: the extension is time the fan still has.
      const replayUntil =
        show.replayDays === null
          ? null
          : new Date(Math.max(show.endedAt.getTime() + show.replayDays * DAY_MS, at) + show.extensionDays * DAY_MS);
      const token = newToken();
      const wrote = await repo.decide({
        userId,
        eventId: show.eventId,
        rule: verdict.rule,
        evidence: {
          ...verdict.evidence,
          showStartedAt: show.startedAt.toISOString(),
          showEndedAt: show.endedAt.toISOString(),
        },
        decidedAt: new Date(at),
        replayUntil,
        tokenHash: hashToken(token),
      });
      if (!wrote) continue;
      decided += 1;
      log.info({ userId, eventId: show.eventId, rule: verdict.rule }, 'guaranteed view: a ticket was made good');
      await mailDecision(userId, show.eventId, token);
    }
    return decided;
  }

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
    /**
     * One run of the judge: shows that ended between `graceMs` and LOOKBACK_MS ago, each ticket holder
     * who tried to watch, decided once; then decisions whose mail failed. Answers how many it decided.
     */
    async evaluate(opts: { graceMs?: number } = {}): Promise<number> {
      for (const eventId of await repo.showsNotEnded()) {
        try {
          await deps.settleShow(eventId);
        } catch (err) {
          log.warn({ err, eventId }, "guaranteed view: a show's state could not be read");
        }
      }
      const at = now();
      const shows = await repo.endedShows(
        new Date(at - LOOKBACK_MS),
        new Date(at - (opts.graceMs ?? DEFAULT_GRACE_MS)),
        deps.liveMinutes,
      );
      let decided = 0;
      for (const show of shows) decided += await judgeShow(show);
      for (const t of await repo.unmailed(new Date(at - REMAIL_AFTER_MS), 50)) {
        const token = newToken();
        if (await repo.retoken(t.userId, t.eventId, hashToken(token))) await mailDecision(t.userId, t.eventId, token);
      }
      return decided;
    },

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
