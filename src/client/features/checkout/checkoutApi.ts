import { apiSlice } from '../../api/apiSlice';
import type { Cart } from '../../../shared/contract/cart';
import type { CreatePaymentIntentBody, PaymentIntent } from '../../../shared/contract/orders';
import type { SandboxConfirmBody, SandboxConfirmResult } from '../../../shared/contract/payments';
import { dollarsToCents } from '../../../shared/money';

type Envelope<T> = { data: T; message: string };

/**
 * docs/behaviour.md §7 payment calls. The server computes every amount; what is sent is only compared. The order
 * itself (createCartOrder, orderBody) is the cart's (cartApi): a voucher purchase makes one from the
 * cart page, so it lives where checkout and orders can both reach it without the cart reaching back.
 */
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
  }),
});

export const { useCreatePaymentIntentMutation, useSandboxConfirmMutation } = checkoutApi;

/** docs/behaviour.md §5: payment starts only when the grand total rounded to cents is above 0. */
export const amountInCents = (cart: Pick<Cart, 'totals'>) => dollarsToCents(cart.totals.grandTotal);
