import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { EventCard } from '../../../src/client/components/EventCard';
import type { AssetSummary } from '../../../src/shared/contract/catalog';
import { renderWithProviders } from '../../utils/renderWithProviders';

const HOUR = 3_600_000;
const event = (over: Partial<AssetSummary> = {}): AssetSummary => ({
  id: 7,
  path: 'some-show',
  title: 'Some Show',
  label: 'Rock',
  description: '',
  event_label: 'Austin, TX',
  venue_description: 'The Hall',
  airStartDate: '2026-07-15T20:00:00.000Z',
  vodOrLivePosterImageFilePath: '',
  isPremium: 0,
  rate: null,
  contentType: 'Live',
  assetType: 'live_event',
  subscription_id: null,
  ...over,
});

const renderCard = (e: AssetSummary) =>
  renderWithProviders(
    <MemoryRouter>
      <EventCard event={e} />
    </MemoryRouter>,
  );
const card = (title = 'Some Show') => screen.getByRole('article', { name: title });
const viewEvent = (title?: string) => within(card(title)).getByRole('link', { name: 'View Event' });

describe("event card: 'date | weekday', both the day in New York", () => {
  it.each([
    // 03:00 UTC on the 25th is still the evening of Tuesday the 24th in New York.
    ['2026-11-25T03:00:00Z', 'Nov 24, 2026 | Tuesday'],
    // Same calendar day in both zones.
    ['2026-07-15T20:00:00Z', 'Jul 15, 2026 | Wednesday'],
    // Just after midnight UTC on New Year's Day: New York is still on Thursday, Dec 31.
    ['2027-01-01T00:30:00Z', 'Dec 31, 2026 | Thursday'],
  ])('an air start of %s shows %j', (airStartDate, line) => {
    renderCard(event({ airStartDate }));
    expect(within(card()).getByText(line)).toBeInTheDocument();
  });

  it.each([[null], ['not a date']])('an air start of %j shows no date line at all', (airStartDate) => {
    renderCard(event({ airStartDate }));
    expect(within(card()).getByText('Austin, TX')).toBeInTheDocument();
    expect(card().textContent).not.toMatch(/Invalid Date|\||day\b/);
  });
});

describe('event card: past events use a muted button style', () => {
  // "Past" (docs/decisions.md): a 'Live' event whose air start has passed; on-demand events are never past.
  const past = new Date(Date.now() - 2 * HOUR).toISOString();
  const future = new Date(Date.now() + 48 * HOUR).toISOString();

  it('a Live event whose air start has passed has the muted (secondary variant) View Event button', () => {
    renderCard(event({ airStartDate: past }));
    const button = viewEvent();
    expect(button).toHaveAttribute('href', '/events/7');
    expect(button).toHaveAttribute('data-past', 'true');
    expect(button).toHaveClass('MuiButton-secondary');
    expect(button).not.toHaveClass('MuiButton-default');
  });

  it.each([
    ['a Live event still to come', { airStartDate: future, contentType: 'Live' }],
    ['an on-demand event aired in the past', { airStartDate: past, contentType: 'VOD', assetType: 'event' }],
    ['a Live event without a date', { airStartDate: null, contentType: 'Live' }],
  ])('%s has the normal (default variant, primary) button', (_name, over) => {
    renderCard(event(over));
    const button = viewEvent();
    expect(button).not.toHaveAttribute('data-past');
    expect(button).toHaveClass('MuiButton-default', 'MuiButton-colorPrimary');
    expect(button).not.toHaveClass('MuiButton-secondary');
  });

  it('past and upcoming cards side by side look different', () => {
    renderWithProviders(
      <MemoryRouter>
        <EventCard event={event({ id: 1, path: 'gone', title: 'Gone', airStartDate: past })} />
        <EventCard event={event({ id: 2, path: 'soon', title: 'Soon', airStartDate: future })} />
      </MemoryRouter>,
    );
    expect(viewEvent('Gone').className).not.toBe(viewEvent('Soon').className);
    expect(viewEvent('Gone')).toHaveClass('MuiButton-secondary');
    expect(viewEvent('Soon')).toHaveClass('MuiButton-default');
  });
});
