import { apiSlice } from '../../api/apiSlice';
import type { Cart } from '../../../shared/contract/cart';
import type {
  CreateCartOrderBody,
  CreatePaymentIntentBody,
  OrderSummary,
  PaymentIntent,
} from '../../../shared/contract/orders';
import type { SandboxConfirmBody, SandboxConfirmResult } from '../../../shared/contract/payments';
import { dollarsToCents } from '../../../shared/money';
import { orderPlaced } from './checkoutEvents';
import type { Billing } from '../auth/authSelectors';

type Envelope<T> = { data: T; message: string };

/** Spec §7 payment and order calls. The server computes every amount; what is sent is only compared. */
const checkoutApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    createPaymentIntent: build.mutation<PaymentIntent, CreatePaymentIntentBody>({
      query: (body) => ({ url: '/order/createPaymentIntent', method: 'POST', body }),
      transformResponse: (r: Envelope<PaymentIntent>) => r.data,
    }),
    /** The sandbox provider's card step (Stripe.js's confirmPayment, done by our own server). */
    sandboxConfirm: build.mutation<SandboxConfirmResult, SandboxConfirmBody>({
      query: (body) => ({ url: '/payments/sandbox/confirm', method: 'POST', body }),
      transformResponse: (r: Envelope<SandboxConfirmResult>) => r.data,
    }),
    createCartOrder: build.mutation<{ order: OrderSummary; message: string }, CreateCartOrderBody>({
      query: (body) => ({ url: '/order/createCartOrder', method: 'POST', body }),
      transformResponse: (r: Envelope<OrderSummary>) => ({ order: r.data, message: r.message }),
      // The bought events play at once (Event), the cart is empty (Cart), history and lookups change (Order).
      invalidatesTags: (result) => (result ? ['Cart', 'Order', 'Event'] : []),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(orderPlaced({ orderId: data.order.orderId, cartId: data.order.cartId }));
        } catch {
          // the caller's promise carries the failure and its message
        }
      },
    }),
  }),
});

export const { useCreatePaymentIntentMutation, useSandboxConfirmMutation, useCreateCartOrderMutation } = checkoutApi;

/** Spec §5: payment starts only when the grand total rounded to cents is above 0. */
export const amountInCents = (cart: Pick<Cart, 'totals'>) => dollarsToCents(cart.totals.grandTotal);

/** Spec §9: an order's id, 'ORD-' + the time + a random number below 10000. */
export const newOrderId = () => `ORD-${Date.now()}${Math.floor(Math.random() * 10000)}`;

/**
 * The docs/behaviour.md §3 order payload for a cart, card and voucher alike: an order id, the cart's lines and
 * who is billed. The server believes none of it but the payment reference: it prices the cart, and a
 * card order's id is the one its payment intent's order has (whoever made it: this call or the webhook).
 */
export function orderBody(
  cart: Cart,
  userId: number,
  payment: Pick<CreateCartOrderBody, 'paymentMethod' | 'paymentIntentId' | 'orderId' | 'amount'>,
  billing: Billing,
): CreateCartOrderBody {
  return {
    userId,
    orderId: newOrderId(),
    ...payment,
    ...(cart.id !== null ? { cartId: cart.id } : {}),
    assetId: cart.items.map((item) => item.assetId),
    cartItems: cart.items,
    subscriptionId: cart.items.map((item) => item.subscription_id),
    ...(billing.name ? { billingName: billing.name } : {}),
    ...(billing.email ? { billingEmail: billing.email } : {}),
    status: 'Active',
    usageType: 'Paid',
    isActive: 1,
  };
}
