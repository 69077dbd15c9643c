import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { Mailer } from '../mail/mailer';
import { guaranteeMail } from './guaranteeMail';
import { judgeTicket, type RefusalFigures, type SessionFigures } from './guaranteeRule';
import type { GuaranteeRepositories } from './repositories';
import type { DecisionView } from './guaranteeRepository';
import type { EndedShow } from './showEvidenceRepository';

const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
/**
 * Shows are judged for this long after they end, every run: a late beacon still counts. Less than a
 * day, since viewing sessions (which say whose figures they are) are swept a day after silence.
 */
const LOOKBACK_MS = 20 * 60 * MINUTE_MS;
/** A show is first judged this long after its end, when the players' beacons sent on leave are in. */
const DEFAULT_GRACE_MS = MINUTE_MS;
/** A decision whose mail failed is mailed again (with a new link) by a later run. */
const REMAIL_AFTER_MS = 5 * MINUTE_MS;

/** The make-good link's token: 256 random bits; only its SHA-256 is stored. */
const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The name a mail greets the fan by: the full name, or the e-mail's local part. */
export const nameOf = (d: Pick<DecisionView, 'firstName' | 'lastName' | 'email'>) =>
  `${d.firstName} ${d.lastName}`.trim() || d.email.split('@')[0]!;

export type JudgeDeps = {
  uow: UnitOfWork<GuaranteeRepositories>;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  publicUrl: string;
  /** A simulated live event's show lasts this long (config.streams.liveMinutes). */
  liveMinutes: number;
  /** Reads a started show's state, so one ended by its encoders' silence gets its end written down. */
  settleShow: (eventId: number) => Promise<unknown>;
  now?: () => number;
};

/**
 * The guaranteed view's judge, part of the guarantee service (service.ts): every live show that ended
 * lately judged per ticket (guaranteeRule.ts), one decision each, and its apology mailed outside any
 * transaction, again with a new link when the mail failed.
 */
export function judgeOf(deps: JudgeDeps) {
  const { uow, log } = deps;
  const now = () => (deps.now ?? Date.now)();
  const repo = uow.repos.guarantees;

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
  };
}
