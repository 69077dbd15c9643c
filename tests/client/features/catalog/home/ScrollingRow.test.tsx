import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { AssetSummary } from '../../../../../src/shared/contract/catalog';
import { dedupeByPath } from '../../../../../src/client/lib/dedupe';
import { ScrollingRow } from '../../../../../src/client/features/catalog/home/CategoryRow';
import { renderWithProviders } from '../../../../utils/renderWithProviders';

const asset = (id: number, path = `event-${id}`): AssetSummary => ({
  id,
  path,
  title: `Event ${id}`,
  label: 'Rock',
  description: '',
  event_label: 'City',
  venue_description: 'Venue',
  airStartDate: '2026-11-24T20:00:00.000Z',
  vodOrLivePosterImageFilePath: '',
  isPremium: 0,
  rate: null,
  contentType: 'VOD',
  assetType: 'event',
  subscription_id: null,
});

/** jsdom has no layout: the row's sizes are set by hand, as a browser would measure them. */
function layout(
  el: HTMLElement,
  { clientWidth, scrollWidth, scrollLeft }: { clientWidth: number; scrollWidth: number; scrollLeft: number },
) {
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(el, 'scrollLeft', { configurable: true, writable: true, value: scrollLeft });
  act(() => {
    fireEvent.scroll(el);
  });
}

const render = (events: AssetSummary[]) =>
  renderWithProviders(
    <MemoryRouter>
      <ScrollingRow events={events} label="Rock" />
    </MemoryRouter>,
  );

describe('category row scroll buttons', () => {
  it('shows none when everything fits', () => {
    render([asset(1), asset(2)]);
    layout(screen.getByTestId('row-scroller'), { clientWidth: 1000, scrollWidth: 1000, scrollLeft: 0 });
    expect(screen.queryByRole('button', { name: /Scroll Rock/ })).not.toBeInTheDocument();
  });

  it('shows only "right" at the start, both in the middle, only "left" at the end', () => {
    render([asset(1), asset(2), asset(3)]);
    const row = screen.getByTestId('row-scroller');
    layout(row, { clientWidth: 1000, scrollWidth: 2500, scrollLeft: 0 });
    expect(screen.queryByRole('button', { name: 'Scroll Rock left' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scroll Rock right' })).toBeInTheDocument();
    layout(row, { clientWidth: 1000, scrollWidth: 2500, scrollLeft: 800 });
    expect(screen.getByRole('button', { name: 'Scroll Rock left' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scroll Rock right' })).toBeInTheDocument();
    layout(row, { clientWidth: 1000, scrollWidth: 2500, scrollLeft: 1500 });
    expect(screen.getByRole('button', { name: 'Scroll Rock left' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scroll Rock right' })).not.toBeInTheDocument();
  });

  it('scrolls one step of 80 % of the visible width', async () => {
    const user = userEvent.setup();
    render([asset(1), asset(2), asset(3)]);
    const row = screen.getByTestId('row-scroller');
    const scrollBy = jest.fn();
    row.scrollBy = scrollBy as unknown as typeof row.scrollBy;
    layout(row, { clientWidth: 1000, scrollWidth: 2500, scrollLeft: 800 });
    await user.click(screen.getByRole('button', { name: 'Scroll Rock right' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 800, behavior: 'smooth' });
    await user.click(screen.getByRole('button', { name: 'Scroll Rock left' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -800, behavior: 'smooth' });
  });
});

describe("the row's scrollbar (docs/behaviour.md §9: scroll-area hide delay 600 ms)", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const scroll = (row: HTMLElement) =>
    act(() => {
      fireEvent.scroll(row);
    });
  const advance = (ms: number) =>
    act(() => {
      jest.advanceTimersByTime(ms);
    });

  it('shows while the row scrolls, still at 599 ms after the last scroll, gone at 600 ms', () => {
    render([asset(1), asset(2), asset(3)]);
    const row = screen.getByTestId('row-scroller');
    expect(row).not.toHaveAttribute('data-scrolling');
    scroll(row);
    expect(row).toHaveAttribute('data-scrolling');
    advance(599);
    expect(row).toHaveAttribute('data-scrolling');
    advance(1);
    expect(row).not.toHaveAttribute('data-scrolling');
  });

  it('each scroll restarts the 600 ms', () => {
    render([asset(1), asset(2), asset(3)]);
    const row = screen.getByTestId('row-scroller');
    scroll(row);
    advance(400);
    scroll(row);
    advance(599);
    expect(row).toHaveAttribute('data-scrolling');
    advance(1);
    expect(row).not.toHaveAttribute('data-scrolling');
  });

  it('leaves no timer behind when the row goes', () => {
    const { unmount } = render([asset(1), asset(2), asset(3)]);
    const before = jest.getTimerCount();
    scroll(screen.getByTestId('row-scroller'));
    expect(jest.getTimerCount()).toBe(before + 1);
    unmount();
    expect(jest.getTimerCount()).toBe(before);
  });
});

describe('dedupe by path', () => {
  it('keeps the first of each path, in order', () => {
    expect(
      dedupeByPath([asset(1, 'a'), asset(2, 'b'), asset(3, 'a'), asset(4, 'c'), asset(5, 'b')]).map((a) => a.id),
    ).toEqual([1, 2, 4]);
  });
});
