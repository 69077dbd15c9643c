import {
  STUDIO_COUPON_MESSAGES as M,
  type CouponCreate,
  type CouponStatus,
  type StudioCoupon,
  type StudioCouponDetail,
  type StudioCouponList,
} from '../../../shared/contract/studioCoupons';
import { centsToDollars } from '../../../shared/money';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { OrganizerCaller } from '../../platform/callerIdentity';
import { Conflict, Invalid, NotFound } from '../../platform/domainErrors';
import {
  couponDisabled,
  couponEnded,
  couponEventIds,
  couponNotStarted,
  couponUsedUp,
  normalizeCode,
} from '../cart/couponRules';
import type { OrganizerRepositories } from '../organizers/repositories';
import type { CouponAdminRepositories } from './repositories';
import type { CouponWithUses } from './couponAdminRepository';

type Deps = {
  uow: UnitOfWork<CouponAdminRepositories & OrganizerRepositories>;
  now?: () => number;
};

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/** What a coupon is now, the first that holds: disabled, expired, used up, not started, else active. */
function couponStatus(c: CouponWithUses, now: Date): CouponStatus {
  if (couponDisabled(c, now)) return 'disabled';
  if (couponEnded(c, now)) return 'expired';
  if (couponUsedUp(c, c.uses)) return 'used up';
  if (couponNotStarted(c, now)) return 'scheduled';
  return 'active';
}

/**
 * The console's coupons: made, listed with their uses, disabled. The rules that use them
 * are the cart's (cart/couponRules.ts): a disabled coupon is refused there as an expired one, and a
 * coupon of several events takes money off those lines only. Every change is audited in its own
 * transaction.
 */
export function createCouponAdminService({ uow, ...deps }: Deps) {
  const now = () => new Date((deps.now ?? Date.now)());
  const { couponAdmin } = uow.repos;

  /** Inside a transaction, `repo` is the transaction's (PGlite's one session is held by it). */
  async function views(rows: CouponWithUses[], at: Date, repo = couponAdmin): Promise<StudioCoupon[]> {
    const ids = [...new Set(rows.flatMap((r) => couponEventIds(r) ?? []))];
    const titles = new Map((await repo.events(ids)).map((e) => [e.id, e.title]));
    return rows.map((c) => ({
      code: c.code,
      kind: c.kind,
      percentOff: c.percent_off,
      amountOff: c.amount_off_cents === null ? null : centsToDollars(c.amount_off_cents),
      maxRedemptions: c.max_redemptions,
      perUserLimit: c.per_user_limit,
      startsAt: iso(c.starts_at),
      expiresAt: iso(c.ends_at),
      events: (couponEventIds(c) ?? []).flatMap((id) => (titles.has(id) ? [{ id, title: titles.get(id)! }] : [])),
      uses: c.uses,
      disabledAt: iso(c.disabled_at),
      status: couponStatus(c, at),
    }));
  }

  async function view(code: string): Promise<StudioCoupon> {
    const row = await couponAdmin.byCode(code);
    if (!row) throw new NotFound(M.notFound(code));
    return (await views([row], now()))[0]!;
  }

  /** What the audit log keeps of a coupon: its terms, never who used it. */
  const terms = (c: StudioCoupon) => ({
    code: c.code,
    kind: c.kind,
    percentOff: c.percentOff,
    amountOff: c.amountOff,
    maxRedemptions: c.maxRedemptions,
    perUserLimit: c.perUserLimit,
    startsAt: c.startsAt,
    expiresAt: c.expiresAt,
    eventIds: c.events.map((e) => e.id),
    disabledAt: c.disabledAt,
  });

  return {
    async list(): Promise<StudioCouponList> {
      return { coupons: await views(await couponAdmin.list(), now()) };
    },

    async detail(rawCode: string): Promise<StudioCouponDetail> {
      const code = normalizeCode(rawCode);
      const coupon = await view(code);
      const orders = await couponAdmin.orders(code);
      return {
        ...coupon,
        orders: orders.map((o) => ({
          id: o.id,
          orderId: o.order_ref,
          email: o.email,
          at: new Date(o.redeemed_at).toISOString(),
          amount: centsToDollars(o.amount_cents),
          status: o.status,
        })),
      };
    },

    /** A new coupon; a taken code is a 409 and a bad value a 400, and neither writes anything. */
    async create(organizer: OrganizerCaller, body: CouponCreate): Promise<StudioCoupon> {
      const at = now();
      const code = normalizeCode(body.code);
      if (body.expiresAt && Date.parse(body.expiresAt) <= at.getTime()) throw new Invalid(M.expiryPast);
      const eventIds = [...new Set(body.eventIds)].sort((a, b) => a - b);
      const percent = body.kind === 'percent';
      // A positive amount below half a cent passes the contract's "more than $0, in cents" but is
      // stored as 0 cents, which the table refuses: it is a bad value, not a fault of ours.
      const amountCents = percent ? null : Math.round(body.amountOff! * 100);
      if (amountCents !== null && amountCents < 1) throw new Invalid(M.amountRange);
      const created = await uow.transaction(async (repos) => {
        // Checked in the transaction, the events held until it commits: one deleted meanwhile is named
        // in a 400 (not a foreign key's 500), and none can go between this check and the insert.
        const known = new Set((await repos.couponAdmin.holdEvents(eventIds)).map((e) => e.id));
        const unknown = eventIds.filter((id) => !known.has(id));
        if (unknown.length) throw new Invalid(M.unknownEvents(unknown));
        const made = await repos.couponAdmin.insert(
          {
            code,
            kind: body.kind,
            percent_off: percent ? body.percentOff! : null,
            amount_off_cents: amountCents,
            starts_at: body.startsAt ? new Date(body.startsAt) : null,
            ends_at: body.expiresAt ? new Date(body.expiresAt) : null,
            max_redemptions: body.maxRedemptions,
            per_user_limit: body.perUserLimit,
            event_id: null,
            events_listed: eventIds.length > 0,
            created_at: at,
          },
          eventIds,
        );
        if (!made) throw new Conflict(M.codeTaken(code));
        const row = (await repos.couponAdmin.byCode(code))!;
        const coupon = (await views([row], at, repos.couponAdmin))[0]!;
        await repos.audit.record({
          actor: organizer,
          action: 'coupon.create',
          subjectType: 'coupon',
          subjectId: code,
          before: null,
          after: terms(coupon),
        });
        return coupon;
      });
      return created;
    },

    /** Disables the coupon from now on (the cart refuses it as expired); a disabled one stays as it is. */
    async disable(organizer: OrganizerCaller, rawCode: string): Promise<StudioCoupon> {
      const code = normalizeCode(rawCode);
      return uow.transaction(async (repos) => {
        const row = await repos.couponAdmin.lock(code);
        if (!row) throw new NotFound(M.notFound(code));
        const at = now();
        const before = (await views([(await repos.couponAdmin.byCode(code))!], at, repos.couponAdmin))[0]!;
        if (row.disabled_at) return before;
        await repos.couponAdmin.disable(code, at);
        const after = (await views([(await repos.couponAdmin.byCode(code))!], at, repos.couponAdmin))[0]!;
        await repos.audit.record({
          actor: organizer,
          action: 'coupon.disable',
          subjectType: 'coupon',
          subjectId: code,
          before: terms(before),
          after: terms(after),
        });
        return after;
      });
    },
  };
}
export type CouponAdminService = ReturnType<typeof createCouponAdminService>;
