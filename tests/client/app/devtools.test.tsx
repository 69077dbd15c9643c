import { devtools } from '../../utils/fakeDevtoolsExtension';
import { ActionCreators } from '@redux-devtools/instrument';
import { act, screen, waitFor } from '@testing-library/react';
import { authApi } from '../../../src/client/features/auth/authApi';
import { obtainGuestToken } from '../../../src/client/api/guestToken';
import { makeStore } from '../../../src/client/app/store';
import { useGetCarouselQuery } from '../../../src/client/features/catalog/catalogApi';
import { preloaded, renderWithProviders } from '../../utils/renderWithProviders';
import { signTestToken } from '../../utils/signToken';

/**
 * Redux DevTools time-travel in development builds (tests run as development): what the extension
 * is sent carries no token, code or cart key, and jumping, toggling, importing or resetting actions
 * recomputes state without calling the server again.
 */
const realFetch = global.fetch;
const calls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  devtools.sent.length = 0;
  global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(String(input instanceof Request ? input.url : input));
    return realFetch(input, init);
  }) as typeof fetch;
});
afterEach(() => {
  global.fetch = realFetch;
});

function Slides() {
  const { data } = useGetCarouselQuery();
  return <p>{data ? `${data.length} slides` : 'loading'}</p>;
}

const SECRETS = {
  guest: signTestToken({ kind: 'guest', sub: 'devtools-guest' }),
  user: signTestToken({ kind: 'user', sub: '77', userId: 77, name: 'Ada Access', email: 'ada@example.com' }),
  cartKey: 'guest-cart-key-9f8e7d6c5b4a39281706',
  otp: '918273',
};

it('sends DevTools no secret: tokens in state, in actions and in RTK Query entries are redacted', async () => {
  const store = makeStore(
    preloaded({
      auth: { authToken: SECRETS.guest, userToken: SECRETS.user, userId: '77', userName: 'Ada' },
      cart: { guestCartToken: SECRETS.cartKey },
    }),
  );
  expect(devtools.lifted).not.toBeNull();
  await store.dispatch(
    authApi.endpoints.verifyOtp.initiate({ emailId: 'ada@example.com', otp: SECRETS.otp, NewUser: false }),
  );
  await obtainGuestToken(store);
  const newGuestToken = store.getState().auth.authToken!;
  expect(newGuestToken).toMatch(/^eyJ/);
  expect(newGuestToken).not.toBe(SECRETS.guest);

  const everything = devtools.sent.join('\n');
  expect(everything.length).toBeGreaterThan(1000);
  for (const secret of [...Object.values(SECRETS), newGuestToken]) expect(everything).not.toContain(secret);
  expect(everything).toContain('[redacted]');
  // What support needs stays readable.
  expect(everything).toContain('"userId":"77"');
  expect(everything).toContain('ada@example.com');
});

it('jumping, toggling, importing and resetting replay nothing against the server', async () => {
  const store = makeStore(preloaded({ auth: { authToken: SECRETS.guest } }));
  renderWithProviders(<Slides />, { store });
  await screen.findByText(/\d+ slides/);
  await waitFor(() => expect(store.getState().api.queries).not.toEqual({}));
  const callsBefore = calls.length;
  expect(callsBefore).toBeGreaterThan(0);

  const lifted = devtools.lifted!;
  const recorded = lifted.getState().computedStates.length;
  expect(recorded).toBeGreaterThan(2);
  act(() => {
    lifted.dispatch(ActionCreators.jumpToState(0));
  });
  expect(screen.getByText('loading')).toBeInTheDocument();
  act(() => {
    lifted.dispatch(ActionCreators.jumpToState(recorded - 1));
  });
  expect(await screen.findByText(/\d+ slides/)).toBeInTheDocument();
  const ids = Object.keys(lifted.getState().actionsById)
    .map(Number)
    .filter((id) => id > 0);
  act(() => {
    lifted.dispatch(ActionCreators.toggleAction(ids[ids.length - 1]!));
  });
  act(() => {
    lifted.dispatch(ActionCreators.toggleAction(ids[ids.length - 1]!));
  });
  const snapshot = lifted.getState();
  act(() => {
    lifted.dispatch(ActionCreators.importState(snapshot as never));
  });
  act(() => {
    lifted.dispatch(ActionCreators.reset());
  });
  expect(screen.getByText('loading')).toBeInTheDocument();
  await new Promise((r) => setTimeout(r, 500));
  expect(calls.slice(callsBefore)).toEqual([]);
});
