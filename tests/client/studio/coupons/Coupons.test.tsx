import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import type { OrderSummary } from '../../../../src/shared/contract/orders';
import { STUDIO_COUPON_MESSAGES as M, type StudioCouponDetail } from '../../../../src/shared/contract/studioCoupons';
import { apiSlice } from '../../../../src/client/api/apiSlice';
import { recordToasts, requestedUrls, startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM } from '../../../utils/clientCart';
import { fillCart, newBuyer, paidOrder, rememberBuyer, type Buyer } from '../../../utils/clientCheckout';
import { axeViolations, newOrganizer, studioCall } from '../../../utils/clientStudio';

/**
 * The console's coupons: the list, the new coupon's form (its refusals beside it, nothing typed
 * lost), a coupon's terms and uses linking to their orders, and Disable behind its question.
 */
jest.setTimeout(60_000);

/** The props the coupons grid was handed at each render of its page (the real grid draws them). */
const mockCouponGridProps: Record<string, unknown>[] = [];
jest.mock('@mui/x-data-grid', () => {
  const actual = jest.requireActual<typeof import('@mui/x-data-grid')>('@mui/x-data-grid');
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  const Grid = actual.DataGrid as unknown as (mockProps: Record<string, unknown>) => null;
  return {
    ...actual,
    DataGrid: (mockProps: Record<string, unknown>) => {
      if (mockProps['aria-label'] === 'Coupons') mockCouponGridProps.push(mockProps);
      return createElement(Grid, mockProps);
    },
  };
});
/** How long to wait for what needs the server's answer (the machine may be busy). */
const SERVER = { timeout: 10_000 };
let store: AppStore | undefined;
let organizer: Buyer;
let made = 0;
/** A code no other run or test has (the test server lives for the whole client run). */
const freshCode = () => `T${Date.now().toString(36)}${(made += 1)}`.toUpperCase();

beforeAll(async () => {
  organizer = await newOrganizer('organizer-coupons');
});
afterEach(async () => {
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

async function open(path: string) {
  rememberBuyer(organizer);
  const app = await startApp(path);
  store = app.store;
  return app;
}
const field = (name: string) => screen.getByRole('textbox', { name });

/** A card order of `events` with `code` on the cart, paid through the sandbox. */
async function orderWithCoupon(code: string): Promise<OrderSummary & { buyer: Buyer }> {
  const buyer = await newBuyer('coupon-buyer');
  const cart = await fillCart(buyer, [PREMIUM.velvet], code);
  return { ...(await paidOrder(buyer, cart)), buyer };
}

it("refuses a code that exists with the server's sentence beside the form, and keeps what was typed", async () => {
  const taken = freshCode();
  const first = await studioCall(organizer, 'POST', '/coupons', { code: taken, kind: 'percent', percentOff: 10 });
  expect(first.status).toBe(200);

  const app = await open('/studio/coupons/new');
  await screen.findByRole('heading', { level: 1, name: 'New coupon' }, { timeout: 10_000 });
  expect(await axeViolations()).toEqual([]);

  // The form's own check first: a percent coupon without its percent calls nobody.
  const spy = jest.spyOn(globalThis, 'fetch');
  await userEvent.type(field('Code'), taken.toLowerCase());
  await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
  expect(field('Percent off (1–100)')).toHaveAccessibleDescription(M.percentNeeded);
  expect(requestedUrls(spy).filter((u) => u.endsWith('/studio/coupons'))).toHaveLength(0);

  await userEvent.type(field('Percent off (1–100)'), '15');
  await userEvent.type(field('Total uses'), '5');
  await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
  expect(await screen.findByRole('alert', {}, SERVER)).toHaveTextContent(M.codeTaken(taken));
  expect(field('Code')).toHaveValue(taken.toLowerCase());
  expect(field('Percent off (1–100)')).toHaveValue('15');
  expect(field('Total uses')).toHaveValue('5');
  expect(await axeViolations()).toEqual([]);

  // Another code: created, and its page opens with the terms as sent.
  const code = freshCode();
  await userEvent.clear(field('Code'));
  await userEvent.type(field('Code'), code);
  // One event, found by its title as typed.
  await userEvent.click(screen.getByRole('combobox', { name: 'Events' }));
  await userEvent.paste('Velvet Static');
  await userEvent.click(await screen.findByRole('option', { name: PREMIUM.velvet.title }, SERVER));
  await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
  expect(await screen.findByRole('heading', { level: 1, name: `Coupon ${code}` }, SERVER)).toBeInTheDocument();
  expect(app.router.state.location.pathname).toBe(`/studio/coupons/${code}`);
  const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
  expect(term('Discount')).toHaveTextContent('15% off');
  expect(term('Events')).toHaveTextContent(PREMIUM.velvet.title);
  expect(term('Uses / total')).toHaveTextContent('0 / 5');
  expect(term('Uses per buyer')).toHaveTextContent('No limit');
});

it("lists coupons; a coupon's page links its uses to their orders; Disable asks, then calls once", async () => {
  const code = freshCode();
  const made = await studioCall(organizer, 'POST', '/coupons', {
    code,
    kind: 'fixed',
    amountOff: 2.5,
    perUserLimit: 1,
  });
  expect(made.status).toBe(200);
  const order = await orderWithCoupon(code);

  const app = await open('/studio/coupons');
  const grid = await screen.findByRole('grid', { name: 'Coupons' }, { timeout: 10_000 });
  const link = await within(grid).findByRole('link', { name: code }, SERVER);
  const row = link.closest('[role="row"]') as HTMLElement;
  expect(row).toHaveTextContent('$2.50 off');
  expect(row).toHaveTextContent('1 / ∞');
  expect(row).toHaveTextContent('Every event');
  expect(row).toHaveTextContent('Active');
  expect(await axeViolations()).toEqual([]);

  await userEvent.click(link);
  await screen.findByRole('heading', { level: 1, name: `Coupon ${code}` }, SERVER);
  const uses = screen.getByRole('table', { name: 'Uses' });
  expect(uses).toHaveTextContent(order.buyer.email);
  expect(within(uses).getByRole('link', { name: order.orderId })).toHaveAttribute(
    'href',
    // The order's own (numeric) id: an order id (ORD-…) may be shared by two buyers' orders.
    expect.stringMatching(/^\/studio\/orders\/\d+$/),
  );
  expect(await axeViolations()).toEqual([]);

  const toasts = recordToasts();
  const spy = jest.spyOn(globalThis, 'fetch');
  const disable = screen.getByRole('button', { name: 'Disable' });
  await userEvent.click(disable);
  const dialog = await screen.findByRole('dialog', { name: `Disable ${code}?` });
  expect(await axeViolations()).toEqual([]);
  // Cancel first: nothing is sent and the focus is back on the button.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SERVER);
  expect(disable).toHaveFocus();
  expect(requestedUrls(spy).filter((u) => u.endsWith('/disable'))).toHaveLength(0);

  await userEvent.click(disable);
  const again = await screen.findByRole('dialog', { name: `Disable ${code}?` });
  await userEvent.dblClick(within(again).getByRole('button', { name: 'Disable' }));
  await waitFor(() => expect(screen.getByTestId('coupon-status')).toHaveTextContent('Disabled'), SERVER);
  expect(requestedUrls(spy).filter((u) => u.endsWith('/disable'))).toHaveLength(1);
  await waitFor(() => expect(toasts.seen).toContain(M.disabled), SERVER);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SERVER);
  expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
  const after = await studioCall<StudioCouponDetail>(organizer, 'GET', `/coupons/${code}`);
  expect(after.data.status).toBe('disabled');
  toasts.stop();
  expect(app.router.state.location.pathname).toBe(`/studio/coupons/${code}`);
});

/**
 * The page has no search box: it renders again only with its list's state, whose `loading` redraws the
 * grid anyway. What is guarded is that nothing else handed to the grid is new in a render (a new
 * `getRowId`, `initialState`, `localeText` or `pageSizeOptions` makes a memoized grid redraw every cell),
 * as a search box or any state added to the page would otherwise bring the events grid's lag.
 */
it('hands the grid the same props while the list is fetched again: only `loading` changes', async () => {
  const code = freshCode();
  expect((await studioCall(organizer, 'POST', '/coupons', { code, kind: 'percent', percentOff: 5 })).status).toBe(200);
  await open('/studio/coupons');
  const grid = await screen.findByRole('grid', { name: 'Coupons' }, { timeout: 10_000 });
  await within(grid).findByRole('link', { name: code }, SERVER);
  const settled = mockCouponGridProps.at(-1)!;
  const renders = mockCouponGridProps.length;
  // Fetched again (as after a coupon is made or disabled elsewhere): the page renders while it loads and after.
  // The list's answer is held until the loading render is seen: a quick answer would otherwise fold
  // the two states into one render.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const realFetch = globalThis.fetch;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const answer = realFetch(input, init);
    if ((input instanceof Request ? input.url : String(input)).endsWith('/studio/coupons')) await held;
    return answer;
  });
  store!.dispatch(apiSlice.util.invalidateTags([{ type: 'StudioCoupon', id: 'LIST' }]));
  await waitFor(() => expect(mockCouponGridProps.slice(renders).some((p) => p.loading)).toBe(true), SERVER);
  release();
  await waitFor(() => expect(mockCouponGridProps.at(-1)!.loading).toBe(false), SERVER);
  // `rows` aside: the server's list, which a test file running beside this one may add a coupon to.
  const changed = new Set(
    mockCouponGridProps
      .slice(renders)
      .flatMap((p) => Object.keys(p).filter((key) => key !== 'rows' && p[key] !== settled[key])),
  );
  expect([...changed]).toEqual(['loading']);
});
