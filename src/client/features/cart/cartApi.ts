import { apiSlice } from '../../api/apiSlice';
import type {
  ApplyVoucherBody,
  Cart,
  CartLineBody,
  CartResponse,
  CartTarget,
  MergeCartBody,
} from '../../../shared/contract/cart';
import type { CreateCartOrderBody, OrderSummary } from '../../../shared/contract/orders';
import { errorStatus } from '../../api/serverError';
import type { Billing } from '../auth/authSelectors';
import { orderPlaced } from './cartEvents';

const cartOf = (r: CartResponse) => r.data;
type Envelope<T> = { data: T; message: string };

/** The getCart key a body is about: only its user_id or cart_token (see selectCartTarget). */
function targetOf(body: CartTarget): CartTarget {
  if (body.user_id !== undefined) return { user_id: body.user_id };
  return body.cart_token ? { cart_token: body.cart_token } : {};
}

/** Whose cart an answer is, for the key the app asks with next: a guest's first add returns its new token. */
const ownerAfter = (body: CartTarget, cart: Cart): CartTarget =>
  body.user_id === undefined && cart.cartToken ? { cart_token: cart.cartToken } : targetOf(body);

/**
 * Every cart and coupon call answers the whole cart. The answer goes straight into getCart's cache
 * (under the key it was asked for and the key the app will ask with next) instead of invalidating
 * it: one request per change, and no screen shows an old total while a second one runs.
 */
async function storeAnswer(
  body: CartTarget,
  dispatch: (action: unknown) => unknown,
  queryFulfilled: Promise<{ data: Cart }>,
) {
  const { data } = await queryFulfilled;
  const keys = [targetOf(body), ownerAfter(body, data)];
  const distinct = keys.filter((k, i) => keys.findIndex((o) => JSON.stringify(o) === JSON.stringify(k)) === i);
  dispatch(
    cartApi.util.upsertQueryEntries(distinct.map((arg) => ({ endpointName: 'getCart' as const, arg, value: data }))),
  );
}
const ignoreFailure = () => undefined; // the caller's own promise carries the error

/** docs/behaviour.md §7 cart and coupon calls. Money in the answers is dollars, computed by the server. */
export const cartApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Cart, CartTarget>({
      query: (target) => ({ url: '/cart', params: target }),
      transformResponse: cartOf,
      providesTags: ['Cart'],
    }),
    /** A cart by id, owner only (the order page). */
    getCartById: build.query<Cart, number>({
      query: (id) => `/cart/${id}`,
      transformResponse: cartOf,
      providesTags: ['Cart'],
    }),
    addToCart: build.mutation<Cart, CartLineBody>({
      query: (body) => ({ url: '/cart', method: 'POST', body }),
      transformResponse: cartOf,
      onQueryStarted: (body, { dispatch, queryFulfilled }) =>
        storeAnswer(body, dispatch, queryFulfilled).catch(ignoreFailure),
    }),
    /** Optimistic (docs/behaviour.md §4): the line leaves the cached cart at once and comes back if the call fails. */
    removeFromCart: build.mutation<Cart, CartLineBody>({
      query: (body) => ({ url: '/cart/remove', method: 'POST', body }),
      transformResponse: cartOf,
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          cartApi.util.updateQueryData('getCart', targetOf(body), (cart) => {
            cart.items = cart.items.filter((item) => item.assetId !== body.asset_id);
          }),
        );
        await storeAnswer(body, dispatch, queryFulfilled).catch(() => patch.undo());
      },
    }),
    mergeCart: build.mutation<Cart, MergeCartBody>({
      query: (body) => ({ url: '/cart/merge', method: 'POST', body }),
      transformResponse: cartOf,
      onQueryStarted: ({ user_id }, { dispatch, queryFulfilled }) =>
        storeAnswer({ user_id }, dispatch, queryFulfilled).catch(ignoreFailure),
    }),
    // docs/behaviour.md §4: the cart is re-fetched after each coupon change. The answer is shown at once, and the
    // cart is read again after it, succeeded or not (a refused code may still have found the cart changed).
    applyVoucher: build.mutation<Cart, ApplyVoucherBody>({
      query: (body) => ({ url: '/order/applyVoucher', method: 'POST', body }),
      transformResponse: cartOf,
      onQueryStarted: (body, { dispatch, queryFulfilled }) =>
        storeAnswer(body, dispatch, queryFulfilled).catch(ignoreFailure),
      invalidatesTags: ['Cart'],
    }),
    removeVoucher: build.mutation<Cart, CartTarget>({
      query: (body) => ({ url: '/order/removeVoucher', method: 'POST', body }),
      transformResponse: cartOf,
      onQueryStarted: (body, { dispatch, queryFulfilled }) =>
        storeAnswer(body, dispatch, queryFulfilled).catch(ignoreFailure),
      invalidatesTags: ['Cart'],
    }),
    /** The cart becomes an order (card or voucher): docs/behaviour.md §3. */
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

export const {
  useGetCartQuery,
  useGetCartByIdQuery,
  useAddToCartMutation,
  useRemoveFromCartMutation,
  useApplyVoucherMutation,
  useRemoveVoucherMutation,
  useCreateCartOrderMutation,
} = cartApi;

/**
 * Whether a failed call was refused because of the guest cart token it named: the server answers 403
 * for another guest's token and for one whose cart no longer exists (merged, deleted).
 */
export function refusedGuestCartToken(error: unknown, target: CartTarget): boolean {
  if (!target.cart_token || target.user_id !== undefined) return false;
  return errorStatus(error) === 403;
}

/** docs/behaviour.md §9: an order's id, 'ORD-' + the time + a random number below 10000. */
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
