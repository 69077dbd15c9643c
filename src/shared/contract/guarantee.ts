import { z } from './zod';
import { envelope } from './responseEnvelope';

/**
 * The guaranteed view (docs/decisions.md "After the purchase"): a ticket holder whose live show went
 * wrong by our fault gets the replay extended and a mail with a one-click link, `/make-good/{token}`,
 * to choose a refund or a credit toward another show. The token (256 random bits, base64url) proves
 * the ticket: the page works signed out, and the token is stored only as its hash.
 *
 * GET  /v1/make-good/{token}            what happened, the choices, the choice made
 * POST /v1/make-good/{token} {remedy}   'refund' | 'credit', once
 * GET  /v1/studio/events/{id}/guarantees   the console's list of decisions (organizers)
 */

const GUARANTEE_RULES = ['no_first_frame', 'refused', 'stalled'] as const;
export type GuaranteeRuleName = (typeof GUARANTEE_RULES)[number];
const REMEDIES = ['refund', 'credit'] as const;

/** The sentences of the make-good page and its calls (the client may show them as they are). */
export const MAKE_GOOD_MESSAGES = {
  unknown: 'This link is not valid. Use the link from your latest mail about this show.',
  found: 'What we owe you',
  refunded: 'Your ticket is being refunded.',
  credited: 'Your credit is ready.',
  chosenAlready: 'You have already chosen: this link works once.',
  refundUnavailableSeveral:
    'This order holds tickets to other shows too, so it cannot be refunded for this show alone: take a credit instead.',
  refundUnavailableGone: 'This order was refunded or cancelled already, so there is nothing left to refund.',
  nothingPaid: 'Your ticket cost nothing, so there is nothing to refund or credit.',
  notHeld: 'This ticket is no longer yours (it was handed on, cancelled or refunded): nothing is left to choose.',
} as const;

/** What happened, in plain words, per rule (the mail and the page say the same). */
export const RULE_SENTENCES: Record<GuaranteeRuleName, string> = {
  no_first_frame: 'The show did not start playing for you.',
  refused: 'Our servers refused to play the show for you.',
  stalled: 'The show kept stopping to load while you watched.',
};

export const makeGoodParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the link from your mail'),
});

const makeGoodData = z.object({
  eventTitle: z.string(),
  rule: z.enum(GUARANTEE_RULES),
  /** What happened, in one sentence. */
  happened: z.string(),
  /** The replay's new end (ISO); null when the replay stays anyway (the event keeps it). */
  replayUntil: z.string().nullable(),
  /** The choices open now; empty once one was made or the ticket is gone. */
  choices: z.array(z.enum(REMEDIES)),
  /** Why a refund is not offered, when it is not. */
  refundUnavailable: z.string().nullable(),
  /** What the refund or the credit is worth: the ticket's paid price, in dollars. */
  amount: z.number(),
  remedy: z.enum(REMEDIES).nullable(),
  /** The credit's coupon code, once chosen (one use, for a year). */
  creditCode: z.string().nullable(),
  creditExpiresAt: z.string().nullable(),
});
export type MakeGoodData = z.infer<typeof makeGoodData>;
export const makeGoodResponse = envelope(makeGoodData);

export const makeGoodBody = z.strictObject({ remedy: z.enum(REMEDIES) });
export type MakeGoodBody = z.infer<typeof makeGoodBody>;

const studioGuarantee = z.object({
  email: z.string(),
  rule: z.enum(GUARANTEE_RULES),
  /** The figures the rule read and its threshold (milliseconds, percents, seconds, as named). */
  evidence: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  decidedAt: z.string(),
  /** Null: the replay stays anyway. */
  replayUntil: z.string().nullable(),
  mailed: z.boolean(),
  remedy: z.enum(REMEDIES).nullable(),
  remedyAt: z.string().nullable(),
});
export type StudioGuarantee = z.infer<typeof studioGuarantee>;
export const studioGuaranteesResponse = envelope(
  z.object({ eventId: z.number().int(), guarantees: z.array(studioGuarantee) }),
);
export type StudioGuarantees = z.infer<typeof studioGuaranteesResponse>['data'];
