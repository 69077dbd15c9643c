import { screen, within } from '@testing-library/react';
import type { AppStore } from '../../../../src/client/app/store';
import { startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM, eventId } from '../../../utils/clientCart';
import { newBuyer, rememberBuyer, voucherOrder } from '../../../utils/clientCheckout';

/** The order page's links under its summary: the printable receipt, and the calendar file of each show to come. */

let store: AppStore | undefined;
afterEach(async () => {
  await stopApp(store);
  store = undefined;
});

const UPCOMING = { path: 'echo-parade-arena-night', title: 'Echo Parade: Arena Night' };

it("links the receipt, and 'Add to calendar' for a show still to come only", async () => {
  const buyer = await newBuyer('order-links');
  const order = await voucherOrder(buyer, [UPCOMING, PREMIUM.velvet]);
  rememberBuyer(buyer);
  const app = await startApp(`/order/${order.cartId}`);
  store = app.store;
  expect(await screen.findByRole('link', { name: 'Printable receipt' }, { timeout: 10_000 })).toHaveAttribute(
    'href',
    `/order/${order.cartId}/receipt`,
  );
  const calendar = within(screen.getByRole('list', { name: 'Add to calendar' }));
  const links = calendar.getAllByRole('link');
  // The Velvet Static aired already (the demo's past show): no calendar entry for it.
  expect(links.map((l) => l.textContent)).toEqual([`Add ${UPCOMING.title} to calendar`]);
  expect(links[0]).toHaveAttribute('href', `/v1/events/${await eventId(UPCOMING.path)}/calendar.ics`);
  expect(links[0]).toHaveAttribute('download');
});
