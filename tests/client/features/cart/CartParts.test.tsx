import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../../src/client/app/store';
import { CartItemRow } from '../../../../src/client/features/cart/CartItemRow';
import { CartSummary } from '../../../../src/client/features/cart/CartSummary';
import type { Cart, CartItem } from '../../../../src/shared/contract/cart';
import { preloaded, renderWithProviders } from '../../../utils/renderWithProviders';

/**
 * States the demo server cannot produce (a positive total is the rule, a poster is always there):
 * the summary and a line rendered from hand-made carts, no server involved.
 */
const item = (over: Partial<CartItem> = {}): CartItem => ({
  assetId: 7,
  meta: {
    label: 'Hand-made',
    second_description: 'Nowhere Hall',
    air_start_date: null,
    vodOrLivePosterImageFilePath: '',
    path: 'hand-made',
  },
  finalPriceEffective: 5,
  finalPrice: 5,
  unitPrice: 5,
  subscription_id: null,
  ...over,
});
const cart = (totals: Partial<Cart['totals']>, coupon: Cart['coupon'] = null): Cart => ({
  id: 1,
  items: [item()],
  cartToken: null,
  coupon,
  version: 1,
  totals: { itemsSubtotal: 5, itemDiscount: 0, couponDiscount: 0, grandTotal: 5, ...totals },
});
const render = (ui: React.ReactElement) =>
  renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>, { store: makeStore(preloaded()) });
const summaryValue = (label: string) =>
  screen.queryByText(label, { selector: 'dt' })?.nextElementSibling?.textContent ?? null;

describe('Proceed to Checkout', () => {
  it.each([
    ['the grand total is 0 without a coupon', { grandTotal: 0 }],
    ['the grand total is below 0', { grandTotal: -1 }],
  ])('is disabled when %s', (_case, totals) => {
    render(<CartSummary cart={cart(totals)} />);
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Purchase Tickets' })).not.toBeInTheDocument();
  });

  it('is enabled above 0', () => {
    render(<CartSummary cart={cart({ grandTotal: 0.01 })} />);
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
  });
});

it("shows 'Item Discount' only above 0, as a deduction", () => {
  render(<CartSummary cart={cart({ itemDiscount: 1.5, grandTotal: 3.5 })} />);
  expect(summaryValue('Item Discount')).toBe('-$1.50');
  expect(summaryValue('Coupon')).toBeNull();
  expect(summaryValue('Total')).toBe('$3.50');
});

it('shows a fallback poster when the line has none, and the price from finalPrice before unitPrice', () => {
  render(
    <ul>
      <CartItemRow item={item({ finalPrice: 4.25, unitPrice: 9, finalPriceEffective: 1 })} onRemove={() => {}} />
    </ul>,
  );
  expect(document.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(screen.getByTestId('cart-item-price')).toHaveTextContent('$4.25');
  // A line without a valid air date shows no date rather than 'Invalid Date'.
  expect(screen.queryByText(/Invalid Date/)).not.toBeInTheDocument();
});
