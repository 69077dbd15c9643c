import { act, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../../../src/client/app/store';
import { AccessCard } from '../../../../../src/client/features/catalog/event/AccessCard';
import type { AssetDetail } from '../../../../../src/shared/contract/catalog';
import { preloaded, renderRoute, renderWithProviders } from '../../../../utils/renderWithProviders';
import { signTestToken } from '../../../../utils/signToken';

/** Event pages against the real server and its demo catalog. */
const guestStore = () =>
  makeStore(preloaded({ auth: { authToken: signTestToken({ kind: 'guest', sub: 'event-page' }) } }));

describe('event page', () => {
  it('shows a premium event not yet bought: price, Add to cart, what is included; title and meta tags', async () => {
    renderRoute('/events/velvet-static-unplugged', { store: guestStore() });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Velvet Static — Unplugged' })).toBeInTheDocument();
    expect(screen.getByTestId('price')).toHaveTextContent('$9.99');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(screen.getByText('Available Now')).toBeInTheDocument();
    expect(await screen.findByText("What's included:")).toBeInTheDocument();
    expect(await screen.findByText('Up to nine camera angles, switch any time')).toBeInTheDocument();
    expect(screen.getByText(/Cedar Room · .* E[SD]T · \w+day/)).toBeInTheDocument();
    expect(document.title).toBe('The Velvet Static — Unplugged — AllAccess');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'The Velvet Static — Unplugged',
    );
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      // The raster copy beside the SVG poster: link previews take no SVG.
      /^http:\/\/localhost\/media\/posters\/velvet-static-unplugged\.jpg$/,
    );
  });

  it('shows a free on-demand event with Play and no price', async () => {
    renderRoute('/events/marisol-vega-quartet', { store: guestStore() });
    expect(await screen.findByRole('link', { name: 'Play' })).toHaveAttribute('href', '/player/marisol-vega-quartet');
    expect(screen.queryByTestId('price')).not.toBeInTheDocument();
    expect(screen.queryByText("What's included:")).not.toBeInTheDocument();
  });

  it('shows the countdown for a free live event that has not begun, with its broadcast date', async () => {
    renderRoute('/events/midnight-brass-club', { store: guestStore() });
    expect(await screen.findByTestId('countdown')).toHaveTextContent(
      /^Show begins in (\d{2} D )?\d{2} H :\d{2} M :\d{2} S$/,
    );
    expect(screen.getByText('Broadcast Date')).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown event', async () => {
    renderRoute('/events/no-such-show', { store: guestStore() });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

const liveEvent = (over: Partial<AssetDetail>): AssetDetail => ({
  id: 1,
  path: 'soon',
  title: 'Soon',
  label: '',
  description: '',
  event_label: '',
  venue_description: '',
  airStartDate: null,
  vodOrLivePosterImageFilePath: '',
  isPremium: 0,
  canUserWatchAsset: 1,
  soldOut: 0,
  shareImagePath: null,
  rate: null,
  contentType: 'Live',
  assetType: 'live_event',
  subscription_id: null,
  ...over,
});

describe('access card', () => {
  afterEach(() => jest.useRealTimers());

  it('ticks the countdown every second and turns into Play at the air time', () => {
    jest.useFakeTimers({ now: new Date('2026-11-21T19:59:57.000Z') });
    renderWithProviders(
      <MemoryRouter>
        <AccessCard event={liveEvent({ airStartDate: '2026-11-21T20:00:00.000Z' })} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('countdown')).toHaveTextContent('Show begins in 00 H :00 M :03 S');
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('countdown')).toHaveTextContent('Show begins in 00 H :00 M :02 S');
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Play' })).toBeInTheDocument();
  });

  it('counts days when more than one is left', () => {
    jest.useFakeTimers({ now: new Date('2026-11-19T18:58:50.000Z') });
    renderWithProviders(
      <MemoryRouter>
        <AccessCard event={liveEvent({ airStartDate: '2026-11-21T20:00:00.000Z' })} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('countdown')).toHaveTextContent('Show begins in 02 D 01 H :01 M :10 S');
  });

  it.each([null, 0])('disables the cart button when the rate is %j', (rate) => {
    renderWithProviders(
      <MemoryRouter>
        <AccessCard event={liveEvent({ isPremium: 1, canUserWatchAsset: 0, rate })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('hides the price once the event is owned and offers Play', () => {
    renderWithProviders(
      <MemoryRouter>
        <AccessCard
          event={liveEvent({ isPremium: 1, canUserWatchAsset: 1, rate: 5, airStartDate: '2020-01-01T00:00:00Z' })}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('price')).not.toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: 'Play' })).getByText('Play')).toBeInTheDocument();
  });
});
