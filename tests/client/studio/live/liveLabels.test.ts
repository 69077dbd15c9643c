import {
  CONTROL_REASONS,
  ingestLabel,
  keysUnavailable,
  packagedBehindLabel,
  refusalLabel,
  showControlsUnavailable,
} from '../../../../src/client/studio/live/liveLabels';
import type { StudioLive, StudioLiveAngle } from '../../../../src/shared/contract/studioLive';

/** The control room's words for what a feed and its controls are doing. */
const angle = (over: Partial<StudioLiveAngle> = {}): StudioLiveAngle => ({
  angle: 1,
  name: 'Stage left',
  hasKey: false,
  keyIssuedAt: null,
  state: 'waiting',
  since: null,
  resolution: null,
  bitrateKbps: null,
  packagedBehindMs: null,
  previewUrl: null,
  refused: null,
  ...over,
});
const ingest: StudioLive['ingest'] = { rtmpUrl: 'rtmp://x/live', ingestHost: 'x', state: 'listening', reason: null };

it('gives a live feed its capture-to-packaged delay, and says when packaging is behind real time', () => {
  expect(packagedBehindLabel(angle())).toBe('—');
  expect(packagedBehindLabel(angle({ packagedBehindMs: 1_430 }))).toBe('1.4 s');
  expect(packagedBehindLabel(angle({ packagedBehindMs: 38_200 }))).toBe('38 s: packaging is behind real time');
});

it('says why the keys and the show controls are unavailable, and nothing when they are not', () => {
  const waiting = { show: 'waiting' as const, angles: [angle()], ingest };
  expect(keysUnavailable(waiting)).toBeNull();
  expect(keysUnavailable({ ...waiting, angles: [] })).toBe(CONTROL_REASONS.noAngles);
  expect(keysUnavailable({ ...waiting, show: 'ended' })).toBe(CONTROL_REASONS.endedKeys);
  expect(showControlsUnavailable(waiting)).toBe(CONTROL_REASONS.noKeys);
  expect(showControlsUnavailable({ ...waiting, angles: [angle({ hasKey: true })] })).toBeNull();
  expect(showControlsUnavailable({ ...waiting, angles: [angle({ hasKey: true })], show: 'ended' })).toBe(
    CONTROL_REASONS.endedShow,
  );
});

it("gives the ingest's state, and why it is off", () => {
  expect(ingestLabel(ingest)).toBe('Listening for encoders');
  expect(ingestLabel({ ...ingest, state: 'off', reason: 'LIVE_INGEST=off' })).toBe(
    'Off: encoders cannot connect (LIVE_INGEST=off)',
  );
});

it("says why a feed's last encoder was refused, with what to do, and nothing when none was", () => {
  expect(refusalLabel(angle())).toBeNull();
  const at = '2026-11-29T01:30:00.000Z';
  expect(refusalLabel(angle({ refused: { reason: 'rotated', at } }))).toMatch(
    /^Encoder refused at .+\. It sent a key that was rotated: give the encoder the new key\.$/,
  );
  expect(refusalLabel(angle({ refused: { reason: 'second_encoder', at } }))).toMatch(
    /Another encoder was already sending this angle/,
  );
  expect(refusalLabel(angle({ refused: { reason: 'ended', at } }))).toMatch(/The show had ended/);
  expect(refusalLabel(angle({ refused: { reason: 'not_live', at } }))).toMatch(/not a live show/);
});
