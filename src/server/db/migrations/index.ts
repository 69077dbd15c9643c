import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_catalog';
import * as m0003 from './0003_identity';
import * as m0004 from './0004_cart_and_orders';
import * as m0005 from './0005_payments';
import * as m0006 from './0006_stream_configs';
import * as m0007 from './0007_viewing_sessions';
import * as m0008 from './0008_order_ref_per_user';
import * as m0009 from './0009_login_failures_by_client';
import * as m0010 from './0010_viewing_session_keys';
import * as m0011 from './0011_live_feeds';
import * as m0012 from './0012_viewing_session_close_reason';
import * as m0013 from './0013_playback_quality';
import * as m0014 from './0014_open_viewing_session';
import * as m0015 from './0015_studio';
import * as m0016 from './0016_event_versions';
import * as m0018 from './0018_coupon_events_and_live_message';
import * as m0019 from './0019_refund_closes_plays';
import * as m0020 from './0020_after_the_purchase';
import * as m0021 from './0021_mail_attachments';
import * as m0022 from './0022_waitlist_hold_mail';
import * as m0023 from './0023_first_play';
import * as m0024 from './0024_encoder_refusals';

/**
 * Every migration, in order. Listed by hand (not read from the folder) so the same code runs
 * under tsx, jest and any bundler. Names sort: never rename or reorder a shipped one.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_catalog': m0002,
  '0003_identity': m0003,
  '0004_cart_and_orders': m0004,
  '0005_payments': m0005,
  '0006_stream_configs': m0006,
  '0007_viewing_sessions': m0007,
  '0008_order_ref_per_user': m0008,
  '0009_login_failures_by_client': m0009,
  '0010_viewing_session_keys': m0010,
  '0011_live_feeds': m0011,
  '0012_viewing_session_close_reason': m0012,
  '0013_playback_quality': m0013,
  '0014_open_viewing_session': m0014,
  '0015_studio': m0015,
  '0016_event_versions': m0016,
  '0018_coupon_events_and_live_message': m0018,
  '0019_refund_closes_plays': m0019,
  '0020_after_the_purchase': m0020,
  '0021_mail_attachments': m0021,
  '0022_waitlist_hold_mail': m0022,
  '0023_first_play': m0023,
  '0024_encoder_refusals': m0024,
};
