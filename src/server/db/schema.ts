import type { ColumnType, Generated } from 'kysely';
import type { StreamConfigData } from '../../shared/contract/streams';

/** Row types of every table, as Kysely sees them. One interface per table, named after it. */
interface SettingsTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

interface GuestsTable {
  id: string;
  created_at: Generated<Date>;
  last_seen_ip: string | null;
}

interface SubscriptionsTable {
  id: number;
  title: string;
  description: string;
}

export interface EventsTable {
  id: Generated<number>;
  path: string;
  title: string;
  label: string;
  description: string;
  event_label: string;
  venue_description: string;
  air_start_date: Date | null;
  poster_path: string;
  is_premium: boolean;
  rate_cents: number | null;
  content_type: string;
  asset_type: string;
  subscription_id: number | null;
  capacity: number | null;
  /** Tickets taken against capacity. */
  sold: Generated<number>;
  updated_at: Generated<Date>;
  /** False for a draft: shoppers never see it (migration 0015). */
  published: Generated<boolean>;
  /** The IANA zone the organizer types the air time in; air_start_date itself is UTC. */
  venue_time_zone: Generated<string>;
  created_at: Generated<Date>;
  /** Moved on by every console change: an edit from an older version is refused (migration 0016). */
  version: Generated<number>;
  /** The fan's own cancellation closes this many hours before air (migration 0020). */
  cancel_cutoff_hours: Generated<number>;
  /** Days the replay stays after the show; null: it stays. */
  replay_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** How long a waiting-list hold keeps a returned seat for the next in line. */
  waitlist_hold_minutes: Generated<number>;
  /** The guaranteed view's thresholds and its make-good (docs/decisions.md "After the purchase"). */
  guarantee_startup_seconds: Generated<number>;
  guarantee_stall_percent: Generated<number>;
  guarantee_extension_days: Generated<number>;
  /** iCalendar SEQUENCE: moved on by every change of the air date, so calendars take the update. */
  schedule_sequence: Generated<number>;
}

interface CategoriesTable {
  id: Generated<number>;
  path: string;
  label: string;
  description: string;
  type: string;
  group_id: number;
  sort_order: number;
}
interface CategoryEventsTable {
  category_id: number;
  event_id: number;
  sort_order: number;
}
interface CategoryBlocksTable {
  id: Generated<number>;
  category_id: number;
  title: string;
  description: string;
  sort_order: number;
}
interface CategoryBlockEventsTable {
  block_id: number;
  event_id: number;
  sort_order: number;
}

interface CarouselItemsTable {
  id: Generated<number>;
  label: string;
  description: string;
  file_path: string;
  video_url: string;
  type: string;
  is_button_required: boolean;
  is_visible: boolean;
  event_id: number | null;
  sort_order: number;
}

interface AgreementsTable {
  id: number;
  label: string;
  description: string;
}
interface FooterLinksTable {
  id: number;
  label: string;
  links: ColumnType<{ label: string; url: string }[], string, string>;
}

export interface CouponsTable {
  code: string;
  kind: 'percent' | 'fixed';
  percent_off: number | null;
  amount_off_cents: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  max_redemptions: number | null;
  per_user_limit: number | null;
  event_id: number | null;
  /** A disabled coupon is refused as an expired one (migration 0018). */
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the console made it; null for imported coupons and those from before 0018. */
  created_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** For the events in coupon_events (and event_id) only, even when none is left. */
  events_listed: Generated<boolean>;
}
/** The events a coupon made in the console applies to (migration 0018). */
interface CouponEventsTable {
  coupon_code: string;
  event_id: number;
}

interface NewsletterSignupsTable {
  email: string;
  created_at: Generated<Date>;
  ip: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  verified: boolean;
  google_sub: string | null;
  /** Epoch ms: tokens issued at or before it are revoked. */
  tokens_valid_after: ColumnType<string | null, number | null, number | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface LoginCodesTable {
  id: Generated<number>;
  email: string;
  purpose: 'login' | 'register';
  code_hash: string;
  attempts: Generated<number>;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

/** One wrong sign-in code: for which e-mail, from which client (clientKey; null on rows from before 0009). */
interface LoginFailuresTable {
  email: string;
  failed_at: Date;
  client: string | null;
}

interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  created_at: Generated<Date>;
  /** The mail's attachments as JSON (migration 0021): `[{filename, contentType, content}]`, or null. */
  attachments: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface CartsTable {
  id: Generated<number>;
  user_id: number | null;
  guest_id: string | null;
  /** A guest cart's secret key (≥ 128 random bits); null for a user's cart. */
  token: string | null;
  coupon_code: string | null;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
interface CartItemsTable {
  cart_id: number;
  event_id: number;
  added_at: Generated<Date>;
}

interface OrdersTable {
  id: Generated<number>;
  order_ref: string;
  user_id: number;
  cart_id: number | null;
  status: Generated<string>;
  usage_type: Generated<string>;
  payment_method: string;
  payment_intent_id: string | null;
  amount_cents: number;
  coupon_code: string | null;
  created_at: Generated<Date>;
  refunded_at: Date | null;
}
interface OrderItemsTable {
  order_id: number;
  event_id: number;
  /** What was paid for the line (after the coupon's share). */
  price_cents: number;
  /** The line's price before the coupon; null on orders made before it was kept. */
  list_price_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set when the ticket was handed on (ticket_transfers): the buyer's access to it ends. */
  transferred_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When its holder first opened a viewing session of it (migration 0023): durable, never cleared. */
  first_played_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A ticket handed on, one per ticket (migration 0020): claimed by the receiver's account into an order of theirs. */
interface TicketTransfersTable {
  order_id: number;
  event_id: number;
  from_user_id: number;
  to_email: string;
  to_user_id: number | null;
  to_order_id: number | null;
  created_at: Generated<Date>;
  claimed_at: Date | null;
}

export type WaitlistState = 'waiting' | 'held' | 'claimed' | 'lapsed' | 'left';
/** A fan's place in a sold-out event's line (migration 0020); a held one has a seat counted in events.sold. */
export interface WaitlistEntriesTable {
  id: Generated<string>;
  event_id: number;
  user_id: number;
  state: ColumnType<WaitlistState, WaitlistState | undefined, WaitlistState>;
  joined_at: Generated<Date>;
  held_at: Date | null;
  held_until: Date | null;
  ended_at: Date | null;
  /** The hold mail (migration 0022): taken by a sender at (a lease), and sent at. */
  mail_taken_at: Date | null;
  mailed_at: Date | null;
}

/** A ticket holder refused by our fault (a 5xx) while trying to watch, for the guaranteed view. */
interface PlayRefusalsTable {
  id: Generated<string>;
  user_id: number;
  event_id: number;
  status: number;
  route: string;
  at: Date;
}

export type GuaranteeRule = 'no_first_frame' | 'refused' | 'stalled';
export type GuaranteeRemedy = 'refund' | 'credit';
/** The guaranteed view's decision for one ticket, once, with its evidence (migration 0020). */
export interface GuaranteeDecisionsTable {
  user_id: number;
  event_id: number;
  order_id: number;
  rule: GuaranteeRule;
  evidence: ColumnType<Record<string, unknown>, string, string>;
  decided_at: Date;
  replay_until: Date | null;
  mailed_at: Date | null;
  token_hash: string;
  remedy: GuaranteeRemedy | null;
  remedy_at: Date | null;
  credit_code: string | null;
}

interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_code: string;
  user_id: number;
  order_id: number | null;
  redeemed_at: Generated<Date>;
}

/** What a checkout pays for, frozen when its payment intent was made. */
export type CheckoutLine = { eventId: number; priceCents: number; paidCents: number };
type CheckoutStatus = 'open' | 'ordered' | 'refund_pending' | 'refunded';
export interface CheckoutsTable {
  id: Generated<number>;
  user_id: number;
  cart_id: number;
  cart_version: number;
  provider: string;
  payment_intent_id: string | null;
  amount_cents: number;
  coupon_code: string | null;
  lines: ColumnType<CheckoutLine[], string, string>;
  status: ColumnType<CheckoutStatus, CheckoutStatus | undefined, CheckoutStatus>;
  order_id: number | null;
  refund_reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface SandboxIntentsTable {
  id: string;
  client_secret: string;
  idempotency_key: string;
  amount_cents: number;
  currency: string;
  status: Generated<string>;
  metadata: ColumnType<Record<string, string>, string, string>;
  description: string;
  card_last4: string | null;
  last_error_code: string | null;
  refund_key: string | null;
  refunded_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
interface PaymentEventsTable {
  id: string;
  type: string;
  received_at: Generated<Date>;
}
/** A player that pressed play (the device limit); open while closed_at is null and last_seen_at is recent. */
export interface ViewingSessionsTable {
  id: string;
  event_id: number;
  user_id: number | null;
  /** 'user:{id}' or 'guest:{guest id}'. */
  viewer: string;
  opened_at: Date;
  last_seen_at: Date;
  closed_at: Date | null;
  /** SHA-256 (base64url) of the key handed to the device that opened it; null for sessions older than keys. */
  key_hash: string | null;
  /** 'taken_over': another device of the ticket took its place; null when open or closed otherwise. */
  closed_reason: ViewingSessionCloseReason | null;
}
/** Why a viewing session was closed, when its device must be told (migration 0012). */
type ViewingSessionCloseReason = 'taken_over';

/**
 * An event's stream config as the organizer gave it: the shape the player gets, its media paths not yet
 * signed. modules/streams/streamConfigFile.ts validates it and the compiler holds its schema to this type.
 */
export type StoredStreamConfig = StreamConfigData;

/** An event's stream config as the organizer gave it (media paths unsigned); see modules/streams. */
interface StreamConfigsTable {
  event_id: number;
  config: ColumnType<StoredStreamConfig, string, string>;
  updated_at: Generated<Date>;
}

/** A feed of a live event (angle 0 the program cut, 1–9 the cameras): its key's hash and its publishing state. */
interface LiveFeedsTable {
  event_id: number;
  angle: number;
  key_hash: string;
  issued_at: Date;
  srt_port: number | null;
  publisher: string | null;
  publishing_since: Date | null;
  last_publish_end: Date | null;
  publishes: Generated<number>;
  /** Migration 0024: the key a rotation replaced; why (and when) its last encoder was refused. */
  previous_key_hash: string | null;
  refused_reason: string | null;
  refused_at: Date | null;
}

/**
 * Quality of experience of one viewing session: the sums of its player's beacons (migration 0012).
 * The session and the event only, nothing about the person; deleted after QOE_RETENTION_DAYS.
 */
interface PlaybackQualityTable {
  session_id: string;
  event_id: number;
  /** Pressing play to the main angle's first frame; null until there was one. */
  startup_ms: number | null;
  stall_count: Generated<number>;
  stall_ms: Generated<number>;
  /** After the first frame, not paused: playing or stalled. */
  watch_ms: Generated<number>;
  rung_switches: Generated<number>;
  fatal_errors: Generated<number>;
  /** The highest beacon number counted: a beacon numbered no higher is not counted again. */
  last_seq: number;
  first_at: Date;
  last_at: Date;
}

/** A live event's show: when its first feed arrived, and when it ended (then its playlists are the replay). */
interface LiveShowsTable {
  event_id: number;
  started_at: Date | null;
  ended_at: Date | null;
  /** The organizer's message for viewers, and when it was set (migration 0018). */
  message: ColumnType<string | null, string | null | undefined, string | null>;
  message_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** An account the operator made an organizer (migration 0015). */
interface OrganizersTable {
  user_id: number;
  granted_at: Generated<Date>;
}

/** One organizer action: who, when, on what, and the subject before and after (null when none). */
interface AuditLogTable {
  id: Generated<string>;
  actor_user_id: number | null;
  actor_email: string;
  action: string;
  subject_type: string;
  subject_id: string;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  at: Generated<Date>;
}

/** An order's refund, claimed before the provider is asked: 'pending' until the provider has done it. */
export interface RefundsTable {
  order_id: number;
  requested_by: number | null;
  amount_cents: number;
  idempotency_key: string;
  status: ColumnType<'pending' | 'done', 'pending' | 'done' | undefined, 'pending' | 'done'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
  /** When the current attempt at the provider started (the claim's, or the last retry's): migration 0019. */
  attempted_at: Generated<Date>;
  completed_at: Date | null;
  /** Who gave the money back: the organizer, the fan's own cancellation, or the guaranteed view (migration 0020). */
  reason: ColumnType<RefundReason, RefundReason | undefined, RefundReason>;
}
export type RefundReason = 'organizer' | 'cancel' | 'guarantee';

/** One size of an uploaded poster or slide, served at /media/uploads/{name}. */
interface UploadedImagesTable {
  name: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  uploaded_by: number | null;
  created_at: Generated<Date>;
}

export interface DB {
  users: UsersTable;
  login_codes: LoginCodesTable;
  login_failures: LoginFailuresTable;
  mail_outbox: MailOutboxTable;
  settings: SettingsTable;
  guests: GuestsTable;
  subscriptions: SubscriptionsTable;
  events: EventsTable;
  categories: CategoriesTable;
  category_events: CategoryEventsTable;
  category_blocks: CategoryBlocksTable;
  category_block_events: CategoryBlockEventsTable;
  carousel_items: CarouselItemsTable;
  agreements: AgreementsTable;
  footer_links: FooterLinksTable;
  coupons: CouponsTable;
  newsletter_signups: NewsletterSignupsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  coupon_redemptions: CouponRedemptionsTable;
  coupon_events: CouponEventsTable;
  checkouts: CheckoutsTable;
  sandbox_intents: SandboxIntentsTable;
  payment_events: PaymentEventsTable;
  stream_configs: StreamConfigsTable;
  viewing_sessions: ViewingSessionsTable;
  live_feeds: LiveFeedsTable;
  live_shows: LiveShowsTable;
  playback_quality: PlaybackQualityTable;
  organizers: OrganizersTable;
  audit_log: AuditLogTable;
  refunds: RefundsTable;
  ticket_transfers: TicketTransfersTable;
  waitlist_entries: WaitlistEntriesTable;
  play_refusals: PlayRefusalsTable;
  guarantee_decisions: GuaranteeDecisionsTable;
  uploaded_images: UploadedImagesTable;
}
