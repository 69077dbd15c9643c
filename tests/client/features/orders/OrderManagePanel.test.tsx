import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import { ORDER_MANAGE_MESSAGES as M } from '../../../../src/shared/contract/orderManage';
import { recordToasts, startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM } from '../../../utils/clientCart';
import { newBuyer, rememberBuyer, voucherOrder } from '../../../utils/clientCheckout';

/**
 * The order page's Manage section against the real test server: cancel the whole order (a confirm
 * dialog, then the toast and Status Cancelled), and hand a ticket on (the e-mail field says what is
 * wrong, then the toast and the masked address). Keyboard only.
 */
let store: AppStore | undefined;
let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  toasts = recordToasts();
});
afterEach(async () => {
  toasts.stop();
  await stopApp(store);
  store = undefined;
});

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const toastShown = (text: string) => waitFor(() => expect(toasts.seen).toContain(text), { timeout: 10_000 });

async function openOrder(label: string) {
  const buyer = await newBuyer(label);
  const order = await voucherOrder(buyer, [PREMIUM.velvet]);
  rememberBuyer(buyer);
  const app = await startApp(`/order/${order.cartId}`);
  store = app.store;
  const manage = await screen.findByRole('region', { name: 'Manage' }, { timeout: 10_000 });
  return { buyer, order, manage: within(manage) };
}

it('cancels the order with the keyboard: confirm, toast, Status Cancelled, the reason why not any more', async () => {
  const user = userEvent.setup();
  const { manage } = await openOrder('panelcancel');
  expect(
    await manage.findByText('You can cancel this order for a full refund until you first play it.'),
  ).toBeInTheDocument();
  const cancel = manage.getByRole('button', { name: 'Cancel order' });
  cancel.focus();
  await user.keyboard('{Enter}');
  const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this order?' }));
  // The safe choice has the focus: Escape or Enter keeps the order.
  expect(dialog.getByRole('button', { name: 'Keep order' })).toHaveFocus();
  await user.tab();
  expect(dialog.getByRole('button', { name: 'Cancel order' })).toHaveFocus();
  await user.keyboard('{Enter}');

  await toastShown(M.cancelled);
  await waitFor(() => expect(fact('Status')).toBe('Cancelled'), { timeout: 10_000 });
  expect(await manage.findByText(M.alreadyCancelled)).toBeInTheDocument();
  expect(manage.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  expect(manage.queryByRole('button', { name: /Transfer ticket/ })).not.toBeInTheDocument();
});

it('transfers a ticket: a wrong address is refused at the field, a good one hands it on to a masked address', async () => {
  const user = userEvent.setup();
  const { buyer, manage } = await openOrder('paneltransfer');
  await user.click(await manage.findByRole('button', { name: `Transfer ticket for ${PREMIUM.velvet.title}` }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Transfer your ticket' }));
  const field = dialog.getByRole('textbox', { name: 'Their e-mail address' });
  expect(field).toHaveFocus();

  await user.type(field, 'not-an-address{Enter}');
  expect(await dialog.findByText('E-mail address must look like name@example.com.')).toBeInTheDocument();
  expect(field).toHaveAttribute('aria-invalid', 'true');

  // To oneself: the server's sentence, by the field.
  await user.clear(field);
  await user.type(field, `${buyer.email}{Enter}`);
  expect(await dialog.findByText(M.toSelf)).toBeInTheDocument();

  await user.clear(field);
  await user.type(field, `nora-${Date.now()}@example.com{Enter}`);
  await toastShown('Ticket handed on to n***@example.com. We sent them an e-mail.');
  expect(await manage.findByText('Handed on to n***@example.com')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // A ticket handed on: the order can no longer be cancelled, and the page says why.
  expect(await manage.findByText(M.handedOn)).toBeInTheDocument();
});
