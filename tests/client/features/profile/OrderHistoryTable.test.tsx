import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { OrderHistoryTable } from '../../../../src/client/features/profile/OrderHistoryTable';
import type { OrderHistoryRow } from '../../../../src/shared/contract/orders';

/** The table's pages (the pager appears only past one page, and moves by one page each way); the method in words. */
const rows = (from: number, count: number): OrderHistoryRow[] =>
  Array.from({ length: count }, (_, i) => ({
    orderId: `ORD-${from + i}`,
    cartId: from + i,
    usageType: 'Paid',
    payment_method: 'stripe',
    rate: 9.99,
    created: '2026-11-20T10:00:00.000Z',
    events: [{ assetId: 100 + from + i, title: `Show ${from + i}`, path: `show-${from + i}` }],
  }));

it('a single page of orders shows no pager', () => {
  render(
    <MemoryRouter>
      <OrderHistoryTable rows={rows(1, 3)} total={3} page={0} pageSize={10} onPage={jest.fn()} />
    </MemoryRouter>,
  );
  expect(screen.getAllByTestId('order-row')).toHaveLength(3);
  expect(screen.queryByRole('button', { name: 'Go to next page' })).not.toBeInTheDocument();
});

it(
  'twelve orders: the first page says 1–10 of 12, and next page asks for page 2; the last page goes ' + 'back',
  async () => {
    const onPage = jest.fn();
    const { rerender } = render(
      <MemoryRouter>
        <OrderHistoryTable rows={rows(1, 10)} total={12} page={0} pageSize={10} onPage={onPage} />
      </MemoryRouter>,
    );
    const next = await screen.findByRole('button', { name: 'Go to next page' });
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();
    await userEvent.click(next);
    expect(onPage).toHaveBeenLastCalledWith(1);

    rerender(
      <MemoryRouter>
        <OrderHistoryTable rows={rows(11, 2)} total={12} page={1} pageSize={10} onPage={onPage} />
      </MemoryRouter>,
    );
    expect(screen.getByText('11–12 of 12')).toBeInTheDocument();
    expect(screen.getAllByTestId('order-row').map((r) => r.querySelector('th')?.textContent)).toEqual([
      'ORD-11',
      'ORD-12',
    ]);
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(onPage).toHaveBeenLastCalledWith(0);
  },
);

it.each([
  ['stripe', 'Card'],
  ['vouchers', 'Coupon (100\u00a0%\u00a0off)'],
  ['paypal', 'paypal'],
])("the method '%s' reads '%s'", (method, words) => {
  render(
    <MemoryRouter>
      <OrderHistoryTable
        rows={[{ ...rows(1, 1)[0]!, payment_method: method }]}
        total={1}
        page={0}
        pageSize={10}
        onPage={jest.fn()}
      />
    </MemoryRouter>,
  );
  expect(screen.getByRole('cell', { name: words })).toHaveAttribute('data-label', 'Method');
});
