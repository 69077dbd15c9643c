import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { EventGrid } from '../../../src/client/components/EventGrid';
import type { AssetSummary } from '../../../src/shared/contract/catalog';
import { renderWithProviders } from '../../utils/renderWithProviders';

const event = (id: number, over: Partial<AssetSummary> = {}): AssetSummary => ({
  id,
  path: `show-${id}`,
  title: `Show ${id}`,
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

const renderGrid = (events: AssetSummary[], liveNow?: ReadonlyMap<number, number>) =>
  renderWithProviders(
    <MemoryRouter>
      <EventGrid groups={[{ label: 'Rock', events }]} {...(liveNow ? { liveNow } : {})} />
    </MemoryRouter>,
  );
const titles = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

describe("'Live now' on the catalog's cards", () => {
  it('puts the shows on air first in their group, the others in their order, each saying so with its watchers', () => {
    renderGrid(
      [event(1), event(2), event(3), event(4)],
      new Map([
        [3, 12],
        [4, 1234],
      ]),
    );
    expect(titles()).toEqual(['Show 3', 'Show 4', 'Show 1', 'Show 2']);
    expect(within(screen.getByRole('article', { name: 'Show 3' })).getByTestId('live-now')).toHaveTextContent(
      'Live now12 watching',
    );
    // A big count fits a phone's card.
    expect(within(screen.getByRole('article', { name: 'Show 4' })).getByTestId('live-now')).toHaveTextContent(
      '1.2K watching',
    );
    expect(within(screen.getByRole('article', { name: 'Show 1' })).queryByTestId('live-now')).not.toBeInTheDocument();
  });

  it('a live show on air is not dimmed as past; one that has aired is; nothing on air changes nothing', () => {
    renderGrid([event(1), event(2)], new Map([[2, 0]]));
    const link = (title: string) =>
      within(screen.getByRole('article', { name: title })).getByRole('link', { name: 'View Event' });
    expect(link('Show 2')).not.toHaveAttribute('data-past');
    expect(link('Show 1')).toHaveAttribute('data-past', 'true');
    expect(within(screen.getByRole('article', { name: 'Show 2' })).getByTestId('live-now')).toHaveTextContent(
      '0 watching',
    );
  });

  it('without shows on air: the order as given, no badge', () => {
    renderGrid([event(2), event(1)]);
    expect(titles()).toEqual(['Show 2', 'Show 1']);
    expect(screen.queryByTestId('live-now')).not.toBeInTheDocument();
  });
});
