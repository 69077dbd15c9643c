import { byAiring } from '../../../../../src/client/features/catalog/listing/airOrder';
import type { AssetSummary } from '../../../../../src/shared/contract/catalog';

/** /events: the shows to come first, soonest first; then the aired ones, on demand, latest first. */
const NOW = Date.parse('2026-11-25T12:00:00Z');
const show = (path: string, airStartDate: string | null) => ({ path, airStartDate }) as AssetSummary;
const paths = (events: AssetSummary[]) => events.map((e) => e.path);

it('splits at the moment the listing was read, each part in its order', () => {
  const { upcoming, onDemand } = byAiring(
    [
      show('aired-a-week-ago', '2026-11-18T20:00:00Z'),
      show('in-a-month', '2026-12-30T20:00:00Z'),
      show('aired-two-days-ago', '2026-11-23T20:00:00Z'),
      show('tomorrow', '2026-11-26T20:00:00Z'),
      show('in-three-days', '2026-11-28T20:00:00Z'),
    ],
    NOW,
  );
  expect(paths(upcoming)).toEqual(['tomorrow', 'in-three-days', 'in-a-month']);
  expect(paths(onDemand)).toEqual(['aired-two-days-ago', 'aired-a-week-ago']);
});

it('a show starting right now has aired; one without a (valid) air date is on demand, last', () => {
  const { upcoming, onDemand } = byAiring(
    [
      show('undated', null),
      show('now', '2026-11-25T12:00:00Z'),
      show('bad', 'soon'),
      show('later', '2026-11-25T13:00:00Z'),
    ],
    NOW,
  );
  expect(paths(upcoming)).toEqual(['later']);
  expect(paths(onDemand)).toEqual(['now', 'undated', 'bad']);
});
