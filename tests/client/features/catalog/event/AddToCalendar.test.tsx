import { screen } from '@testing-library/react';
import { makeStore } from '../../../../../src/client/app/store';
import { AddToCalendar } from '../../../../../src/client/features/catalog/event/AddToCalendar';
import { preloaded, renderRoute, renderWithProviders } from '../../../../utils/renderWithProviders';
import { signTestToken } from '../../../../utils/signToken';

/** 'Add to calendar' on a live show still to come: a download of its .ics; nothing for a past or on-demand show. */
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

it.each([
  ['a live show to come', { contentType: 'Live', airStartDate: at(48 * HOUR) }, true],
  ['a live show that has begun', { contentType: 'Live', airStartDate: at(-HOUR) }, false],
  ['a live show without a date', { contentType: 'Live', airStartDate: null }, false],
  ['an on-demand event', { contentType: 'VOD', airStartDate: at(48 * HOUR) }, false],
])('%s: shown %s', async (_name, event, shown) => {
  renderWithProviders(<AddToCalendar event={{ id: 42, ...event }} />);
  if (shown) {
    const link = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(link).toHaveAttribute('href', '/v1/events/42/calendar.ics');
    expect(link).toHaveAttribute('download');
  } else {
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  }
});

it("is on a live event's page that has not begun", async () => {
  const store = makeStore(preloaded({ auth: { authToken: signTestToken({ kind: 'guest', sub: 'calendar-page' }) } }));
  renderRoute('/events/midnight-brass-club', { store });
  const link = await screen.findByRole('link', { name: 'Add to calendar' }, { timeout: 10_000 });
  expect(link.getAttribute('href')).toMatch(/^\/v1\/events\/\d+\/calendar\.ics$/);
});
