import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import { browserNavigation } from '../../../../src/client/features/checkout/browserNavigation';
import { CARD_MESSAGES } from '../../../../src/shared/contract/cardMessages';
import { recordToasts, startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM, apiCalls, callApi, eventId } from '../../../utils/clientCart';
import { fillCart, newBuyer, recordOrderBodies, rememberBuyer, type Buyer } from '../../../utils/clientCheckout';

/**
 * docs/behaviour.md §2 "Checkout", §4 "Payment confirmation", §8 payment messages: the sandbox card form against
 * the real server.
 */

let store: AppStore | undefined;
let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  toasts = recordToasts();
});
afterEach(async () => {
  toasts.stop();
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

const nextYear = String((new Date().getUTCFullYear() % 100) + 2);
const toastShown = (text: string) => waitFor(() => expect(toasts.seen).toContain(text), { timeout: 10_000 });
const field = (name: string) => screen.getByRole('textbox', { name });

async function openCheckout(
  label: string,
  events: { path: string }[] = [PREMIUM.velvet, PREMIUM.planets],
): Promise<{ buyer: Buyer; router: Awaited<ReturnType<typeof startApp>>['router'] }> {
  const buyer = await newBuyer(label);
  await fillCart(buyer, events);
  rememberBuyer(buyer);
  const app = await startApp('/checkout');
  store = app.store;
  await screen.findByRole('textbox', { name: 'Card number' }, { timeout: 10_000 });
  return { buyer, router: app.router };
}

async function pay(card: string, expiry = `12${nextYear}`, cvc = '123') {
  const user = userEvent.setup();
  await user.type(field('Card number'), card);
  await user.type(field('Expiry'), expiry);
  await user.type(field('CVC'), cvc);
  await user.click(screen.getByRole('button', { name: 'Confirm and Pay' }));
}

it("a guest is sent to sign in with the marker 'cart'", async () => {
  const app = await startApp('/checkout');
  store = app.store;
  await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
  await waitFor(() => expect(localStorage.getItem('redirect_url')).toBe('cart'));
});

it(
  "shows the title, the intro, 'Preparing payment…' until the payment has started, then the card form and the " +
    'order summary',
  async () => {
    const buyer = await newBuyer('checkout-texts');
    await fillCart(buyer, [PREMIUM.velvet, PREMIUM.planets]);
    rememberBuyer(buyer);
    // The intent's answer is held until 'Preparing payment…' was seen: a fast server must not hide it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const realFetch = globalThis.fetch;
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/order/createPaymentIntent')) await held;
      return realFetch(input, init);
    });
    try {
      const app = await startApp('/checkout');
      store = app.store;
      expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
      expect(screen.getByText('Please enter your payment information below.')).toBeInTheDocument();
      // The summary first (the cart has arrived), then the payment box still preparing: the intent is held.
      await screen.findByRole('list', { name: 'Events in your order' }, { timeout: 10_000 });
      await waitFor(
        () => {
          if (!screen.queryByText('Preparing payment…'))
            throw new Error(`'Preparing payment…' not shown; the page shows: ${document.body.textContent}`);
        },
        { timeout: 10_000 },
      );
      expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    } finally {
      // Released whatever happened: a held request would keep the app from stopping after a failure.
      release();
    }
    const number = await screen.findByRole('textbox', { name: 'Card number' }, { timeout: 10_000 });
    expect(screen.queryByText('Preparing payment…')).not.toBeInTheDocument();
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(field('Expiry')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(field('Expiry')).toHaveAttribute('placeholder', 'MM / YY');
    expect(field('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(screen.getByRole('button', { name: 'Confirm and Pay' })).toBeEnabled();
    const summary = within(screen.getByRole('list', { name: 'Events in your order' }));
    expect(summary.getByRole('link', { name: PREMIUM.velvet.title })).toHaveAttribute(
      'href',
      `/events/${await eventId(PREMIUM.velvet.path)}`,
    );
    // Without a discount a line shows its one price.
    expect(summary.getAllByTestId('order-item-price').map((p) => p.textContent)).toEqual(['$9.99', '$12.00']);
    expect(summary.queryByTestId('order-item-list-price')).not.toBeInTheDocument();
    expect(screen.getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$21.99');
  },
);

it(
  'with a coupon each line shows its list price struck through and its discounted price, so Subtotal, Coupon ' +
    'and Total add up',
  async () => {
    const buyer = await newBuyer('checkout-discount');
    const cart = await fillCart(buyer, [PREMIUM.velvet, PREMIUM.planets], 'SAVE10');
    rememberBuyer(buyer);
    const app = await startApp('/checkout');
    store = app.store;
    const summary = within(await screen.findByRole('list', { name: 'Events in your order' }, { timeout: 10_000 }));
    const money = (n: number) => `$${n.toFixed(2)}`;
    const lines = summary.getAllByTestId('order-item').map((line) => within(line));
    expect(lines.map((l) => l.getByTestId('order-item-list-price').textContent)).toEqual(
      cart.items.map((i) => `List price ${money(i.finalPrice)}`),
    );
    expect(lines.map((l) => l.getByTestId('order-item-paid-price').textContent)).toEqual(
      cart.items.map((i) => `After discount ${money(i.finalPriceEffective)}`),
    );
    expect(cart.items.map((i) => i.finalPriceEffective)).not.toEqual(cart.items.map((i) => i.finalPrice));
    const dd = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    // The struck prices add up to the Subtotal; the paid ones, to the Total; the Coupon is the difference.
    const cents = (ns: number[]) => ns.reduce((sum, n) => sum + Math.round(n * 100), 0);
    expect(dd('Subtotal')).toBe(money(cents(cart.items.map((i) => i.finalPrice)) / 100));
    expect(dd('Total')).toBe(money(cents(cart.items.map((i) => i.finalPriceEffective)) / 100));
    expect(dd('Coupon')).toBe(`-${money(cart.totals.couponDiscount)}`);
    expect(dd('Total')).toBe(money(cart.totals.grandTotal));
  },
);

it(
  'formats as typed and checks the card in the browser: Luhn, expiry and CVC messages inline, nothing ' + 'sent',
  async () => {
    await openCheckout('checkout-invalid');
    const spy = jest.spyOn(globalThis, 'fetch');
    await pay('4242424242424241', '1320', '1');
    expect(field('Card number')).toHaveValue('4242 4242 4242 4241');
    expect(field('Expiry')).toHaveValue('13 / 20');
    expect(await screen.findByText(CARD_MESSAGES.invalidNumber)).toBeInTheDocument();
    expect(screen.getByText(CARD_MESSAGES.invalidExpiry)).toBeInTheDocument();
    expect(screen.getByText(CARD_MESSAGES.incompleteCvc)).toBeInTheDocument();
    for (const name of ['Card number', 'Expiry', 'CVC']) expect(field(name)).toHaveAttribute('aria-invalid', 'true');
    expect(field('Card number')).toHaveFocus();

    const user = userEvent.setup();
    await user.clear(field('Card number'));
    await user.type(field('Card number'), '4242');
    expect(await screen.findByText(CARD_MESSAGES.incompleteNumber)).toBeInTheDocument();
    await user.clear(field('Expiry'));
    await user.type(field('Expiry'), '0120');
    expect(await screen.findByText(CARD_MESSAGES.pastExpiry)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm and Pay' }));
    expect(
      apiCalls(spy).filter((c) => c.includes('/payments/sandbox/confirm') || c.includes('createCartOrder')),
    ).toEqual([]);
  },
);

it("a declined card toasts 'Error: Your card was declined.' and leaves the cart alone", async () => {
  const { router } = await openCheckout('checkout-declined');
  await pay('4000000000000002');
  await toastShown('Error: Your card was declined.');
  expect(router.state.location.pathname).toBe('/checkout');
  expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')).toHaveLength(2);
  expect(screen.getByRole('button', { name: 'Confirm and Pay' })).toBeEnabled();
});

it(
  "4242 pays: 'Payment processed successfully.', the local cart cleared with cartUpdated 0, then /profile with " +
    'the order listed',
  async () => {
    const { buyer, router } = await openCheckout('checkout-paid');
    const sent = recordOrderBodies();
    const counts: unknown[] = [];
    const onCart = (e: Event) => counts.push((e as CustomEvent).detail);
    window.addEventListener('cartUpdated', onCart);
    try {
      await pay('4242424242424242');
      await toastShown('Payment processed successfully.');
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
      await waitFor(() => expect(JSON.parse(localStorage.getItem('cartItems') ?? 'null')).toEqual([]));
      expect(counts).toContain(0);
    } finally {
      window.removeEventListener('cartUpdated', onCart);
    }
    expect(await screen.findByTestId('order-row', {}, { timeout: 10_000 })).toHaveTextContent('Card');
    const filter = { userId: buyer.userId, assetId: await eventId(PREMIUM.velvet.path) };
    const lookup = await callApi<unknown[]>(`/order?filter=${encodeURIComponent(JSON.stringify(filter))}`, buyer.token);
    expect(lookup.data).toHaveLength(1);
    // The order's payload (docs/behaviour.md §3): an order id for a card order too, and the billing name and e-mail
    // from the session token.
    expect(sent.bodies).toEqual([
      expect.objectContaining({
        userId: buyer.userId,
        paymentMethod: 'stripe',
        orderId: expect.stringMatching(/^ORD-\d{14,17}$/),
        billingName: 'Bea Buyer',
        billingEmail: buyer.email.toLowerCase(),
        status: 'Active',
        usageType: 'Paid',
        isActive: 1,
      }),
    ]);
  },
);

it('a card that needs authentication sends the browser to the sandbox authentication page', async () => {
  await openCheckout('checkout-3ds', [PREMIUM.canyon]);
  const assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  await pay('4000002500003155');
  await waitFor(() => expect(assign).toHaveBeenCalledTimes(1), { timeout: 10_000 });
  expect(assign.mock.calls[0]![0]).toContain(
    `return_url=${encodeURIComponent(`/order-confirmation/${await eventId(PREMIUM.canyon.path)}`)}`,
  );
  expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
});

it('a cart its coupon pays in full starts no card payment: it says so and points back to the cart', async () => {
  const buyer = await newBuyer('checkout-free');
  await fillCart(buyer, [PREMIUM.velvet], 'FREEPASS');
  rememberBuyer(buyer);
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  const app = await startApp('/checkout');
  store = app.store;
  expect(await screen.findByText(/^Nothing to pay by card/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart');
  expect(screen.queryByText('Preparing payment…')).not.toBeInTheDocument();
  expect(apiCalls(fetchSpy).filter((c) => c.includes('createPaymentIntent'))).toEqual([]);
});

it("a payment that cannot start: 'Failed to start payment', the reason, and Try again starts it", async () => {
  const buyer = await newBuyer('checkout-start-fails');
  await fillCart(buyer, [PREMIUM.velvet]);
  rememberBuyer(buyer);
  const realFetch = globalThis.fetch;
  let refusals = 1;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/order/createPaymentIntent') && refusals > 0) {
      refusals -= 1;
      return new Response(
        JSON.stringify({
          success: false,
          message: 'The payment service is not answering. Please try again in a moment.',
          data: null,
        }),
        { status: 502, headers: { 'content-type': 'application/json' } },
      );
    }
    return realFetch(input, init);
  });
  const app = await startApp('/checkout');
  store = app.store;
  await toastShown('Failed to start payment');
  expect(
    await screen.findByText('The payment service is not answering. Please try again in a moment.'),
  ).toBeInTheDocument();
  expect(screen.queryByText('Preparing payment…')).not.toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('textbox', { name: 'Card number' }, { timeout: 10_000 })).toBeInTheDocument();
});
