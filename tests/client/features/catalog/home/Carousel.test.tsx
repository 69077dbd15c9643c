import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { CarouselItem } from '../../../../../src/shared/contract/catalog';
import { Carousel, wrapIndex } from '../../../../../src/client/features/catalog/home/HeroCarousel';
import { renderWithProviders } from '../../../../utils/renderWithProviders';

const slide = (id: number, over: Partial<CarouselItem> = {}): CarouselItem => ({
  id,
  label: `Show ${id}`,
  description: '',
  filePath: `/media/carousel/${id}.svg`,
  videoUrl: '',
  type: 'image',
  isButtonRequired: true,
  isVisible: true,
  asset: [
    {
      id: 100 + id,
      path: `show-${id}`,
      title: `Show ${id}`,
      venue_description: `Venue ${id}`,
      event_label: `City ${id}`,
      airStartDate: '2026-11-24T20:00:00.000Z',
    },
  ],
  ...over,
});

const render = (slides: CarouselItem[]) =>
  renderWithProviders(
    <MemoryRouter>
      <Carousel slides={slides} />
    </MemoryRouter>,
  );
const track = () => screen.getByTestId('carousel-track');
const visibleSlide = () =>
  screen.getAllByRole('group', { hidden: true }).find((g) => g.getAttribute('aria-hidden') === 'false')!;

describe('wrapIndex', () => {
  it.each([
    [0, -1, 3, 2],
    [2, 1, 3, 0],
    [1, 1, 3, 2],
    [0, 5, 3, 2],
    [0, 1, 0, 0],
  ])('(%d, step %d) of %d → %d', (i, step, n, expected) => {
    expect(wrapIndex(i, step, n)).toBe(expected);
  });
});

describe('hero carousel', () => {
  it('moves with the arrows, wrapping around both ends, sliding in 300 ms', async () => {
    const user = userEvent.setup();
    render([slide(1), slide(2), slide(3)]);
    expect(track()).toHaveStyle({ transform: 'translateX(-0%)', transition: 'transform 300ms ease' });
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(track()).toHaveStyle({ transform: 'translateX(-200%)' });
    expect(within(visibleSlide()).getByRole('heading', { name: 'Show 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(track()).toHaveStyle({ transform: 'translateX(-0%)' });
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(within(visibleSlide()).getByRole('heading', { name: 'Show 2' })).toBeInTheDocument();
  });

  it('jumps with the dots and marks the current one', async () => {
    const user = userEvent.setup();
    render([slide(1), slide(2), slide(3)]);
    await user.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(screen.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute('aria-current');
    expect(track()).toHaveStyle({ transform: 'translateX(-200%)' });
  });

  it('shows venue, title, location and "date | weekday"', () => {
    render([slide(1)]);
    const s = visibleSlide();
    for (const text of ['Venue 1', 'Show 1', 'City 1', 'Nov 24, 2026 | Tuesday'])
      expect(within(s).getByText(text)).toBeInTheDocument();
  });

  it.each([['not a date'], [null]])(
    'shows neither date, weekday nor "Invalid Date" for an air start of %j',
    (airStartDate) => {
      const { container } = render([slide(1, { asset: [{ ...slide(1).asset[0]!, airStartDate }] })]);
      // The slide itself did render (so the absences below mean something).
      for (const text of ['Venue 1', 'Show 1', 'City 1'])
        expect(within(visibleSlide()).getByText(text)).toBeInTheDocument();
      const text = container.textContent ?? '';
      expect(text).not.toMatch(/Invalid Date/i);
      expect(text).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}/);
      expect(text).not.toMatch(/(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day/);
      expect(text).not.toContain('|');
    },
  );

  it("links 'Join The Crowd' to the event when the slide requires a button", () => {
    render([slide(1)]);
    expect(within(visibleSlide()).getByRole('link', { name: 'Join The Crowd' })).toHaveAttribute(
      'href',
      '/events/show-1',
    );
  });

  it("shows a grey non-link 'Join The Crowd' when no button is required", () => {
    render([slide(1, { isButtonRequired: false })]);
    expect(within(visibleSlide()).queryByRole('link', { name: 'Join The Crowd' })).not.toBeInTheDocument();
    expect(within(visibleSlide()).getByRole('button', { name: 'Join The Crowd' })).toBeInTheDocument();
  });

  it("hides 'Join The Crowd' when the item is not visible", () => {
    render([slide(1, { isVisible: false })]);
    expect(within(visibleSlide()).queryByText('Join The Crowd')).not.toBeInTheDocument();
  });

  it('shows the HTML banner only when the description is not empty, sanitized', async () => {
    const user = userEvent.setup();
    render([
      slide(1, { description: '<p>On sale <strong>now</strong><img src=x onerror="window.__xss=1"></p>' }),
      slide(2),
      slide(3, { description: '<p>Last call</p>' }),
    ]);
    // Slide 1 (non-empty description) is showing: its banner is there.
    expect(within(visibleSlide()).getByRole('heading', { name: 'Show 1' })).toBeInTheDocument();
    const banner = screen.getByTestId('carousel-banner');
    expect(banner).toHaveTextContent('On sale now');
    expect(banner.innerHTML).not.toContain('onerror');
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    // Slide 2 (empty description): no banner at all, not an empty one.
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(within(visibleSlide()).getByRole('heading', { name: 'Show 2' })).toBeInTheDocument();
    expect(screen.queryByTestId('carousel-banner')).not.toBeInTheDocument();
    expect(screen.queryByText('On sale now')).not.toBeInTheDocument();
    // Slide 3 has its own banner again.
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(within(visibleSlide()).getByRole('heading', { name: 'Show 3' })).toBeInTheDocument();
    expect(screen.getByTestId('carousel-banner')).toHaveTextContent('Last call');
  });

  it('shows no banner for a lone slide with an empty description', () => {
    render([slide(1, { description: '' })]);
    expect(within(visibleSlide()).getByRole('heading', { name: 'Show 1' })).toBeInTheDocument();
    expect(screen.queryByTestId('carousel-banner')).not.toBeInTheDocument();
  });

  it('has no arrows or dots for a single slide', () => {
    render([slide(1)]);
    expect(screen.queryByRole('button', { name: 'Next slide' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to slide 1' })).not.toBeInTheDocument();
  });
});
