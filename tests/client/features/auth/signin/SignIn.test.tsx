import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AppStore } from '../../../../../src/client/app/store';
import { signUpOnTestServer } from '../../../../utils/apiUser';
import {
  codeForm,
  consumeCode,
  mailedCode,
  recordToasts,
  requestedUrls,
  startApp,
  stopApp,
} from '../../../../utils/clientApp';

/**
 * The sign-in page against the real test server: where a signed-in visitor goes (docs/behaviour.md §2 "Sign-in"),
 * the empty-code toast and the lock after 5 wrong codes (docs/behaviour.md §5, §8). Codes come from the outbox.
 */
const INVALID_CODE = 'Please Enter a valid 6-digit Code';
const TOO_MANY = 'Too many attempts. Try again later.';
const EMPTY_CODE = 'Please enter the OTP';

const stamp = Date.now();
const existing = `signin-${stamp}@example.com`;
let account: { token: string; userId: number };
beforeAll(async () => {
  account = await signUpOnTestServer(existing, 'Sig', 'Nin');
});

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

async function start(path: string) {
  const app = await startApp(path);
  store = app.store;
  return app;
}

/** E-mail step: type the address, continue, wait for the code step. */
async function toCodeStep(user: UserEvent, email: string) {
  await user.type(await screen.findByRole('textbox', { name: 'E-mail address' }), email);
  await user.click(screen.getByRole('button', { name: 'Continue with e-mail' }));
  expect(await screen.findByRole('heading', { name: 'Check your e-mail' }, { timeout: 10_000 })).toBeInTheDocument();
}

async function enterCode(user: UserEvent, code: string) {
  const input = screen.getByRole('textbox', { name: 'Sign-in code' });
  await user.clear(input);
  if (code) await user.type(input, code);
}

describe('after signing in', () => {
  it.each([
    ["'cart'", '/cart', 'cart'],
    ["'vocher'", '/cart', 'vocher'],
    ['no', '/', null],
  ])(
    'with %s redirect marker the visitor lands on %s, and the marker is gone afterwards',
    async (_name, destination, marker) => {
      if (marker) localStorage.setItem('redirect_url', marker);
      const user = userEvent.setup();
      const { router } = await start('/sign-in');
      expect(store!.getState().auth.redirectUrl).toBe(marker);
      await toCodeStep(user, existing);
      await enterCode(user, await mailedCode(existing));
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(destination), { timeout: 10_000 });
      expect(store!.getState().auth.userId).toBe(String(account.userId));
      expect(store!.getState().auth.redirectUrl).toBeNull();
      // redux-persist writes on its own tick: the stored marker (and only it) disappears.
      await waitFor(() => expect(localStorage.getItem('userID')).toBe(String(account.userId)));
      await waitFor(() => expect(localStorage.getItem('redirect_url')).toBeNull());
    },
  );
});

describe("the signed-in user's name, from the session token", () => {
  it(
    'a returning verified user is stored by the name the token carries, not the e-mail’s local part, with no ' +
      'profile fetch',
    async () => {
      const email = `ada-${stamp}@example.com`;
      await signUpOnTestServer(email, 'Ada', 'King Lovelace');
      const fetchSpy = jest.spyOn(globalThis, 'fetch');
      try {
        const user = userEvent.setup();
        await start('/sign-in');
        await toCodeStep(user, email);
        expect(screen.queryByRole('textbox', { name: 'First name' })).not.toBeInTheDocument();
        await enterCode(user, await mailedCode(email));
        await user.click(screen.getByRole('button', { name: 'Verify' }));
        await waitFor(() => expect(store!.getState().auth.userName).toBe('Ada King Lovelace'), { timeout: 10_000 });
        await waitFor(() => expect(localStorage.getItem('userName')).toBe('Ada King Lovelace'));
        expect(requestedUrls(fetchSpy).filter((u) => u.includes('/v1/profile/'))).toEqual([]);
      } finally {
        fetchSpy.mockRestore();
      }
    },
  );
});

describe('a visitor who is already signed in', () => {
  const signedIn = () => {
    localStorage.setItem('user_token', account.token);
    localStorage.setItem('userID', String(account.userId));
    localStorage.setItem('userName', 'Sig Nin');
  };

  it.each([['cart'], ['vocher']])("is sent from /sign-in to /cart when the marker is '%s'", async (marker) => {
    signedIn();
    localStorage.setItem('redirect_url', marker);
    const { router } = await start('/sign-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(screen.queryByRole('button', { name: 'Continue with e-mail' })).not.toBeInTheDocument();
  });

  it('is sent from /sign-in to / without a marker', async () => {
    signedIn();
    const { router } = await start('/sign-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('button', { name: 'Continue with e-mail' })).not.toBeInTheDocument();
  });
});

describe('the code step', () => {
  it("an empty code toasts 'Please enter the OTP' and sends nothing", async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    try {
      const user = userEvent.setup();
      await start('/sign-in');
      await toCodeStep(user, existing);
      const before = toasts.seen.length;
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(toasts.seen.slice(before)).toEqual([EMPTY_CODE]));
      // Again: a second, new toast (not the first one still on screen).
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(toasts.seen.slice(before)).toEqual([EMPTY_CODE, EMPTY_CODE]));
      expect(requestedUrls(fetchSpy).filter((u) => u.includes('/verifyotp'))).toEqual([]);
      expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    } finally {
      fetchSpy.mockRestore();
      // The server holds back a new code for 60 s while this one is unused: use it up for the next test.
      await consumeCode(existing, await mailedCode(existing));
    }
  });

  it(
    '5 wrong codes lock the form: Verify disabled, the toast and the alert say so, the right code is not ' + 'sent',
    async () => {
      const user = userEvent.setup();
      const { router } = await start('/sign-in');
      await toCodeStep(user, existing);
      const code = await mailedCode(existing);
      const wrong = code === '000000' ? '111111' : '000000';
      const invalids = () => toasts.seen.filter((t) => t === INVALID_CODE).length;

      for (let attempt = 1; attempt <= 4; attempt += 1) {
        await enterCode(user, wrong);
        await user.click(screen.getByRole('button', { name: 'Verify' }));
        await waitFor(() => expect(invalids()).toBe(attempt), { timeout: 10_000 });
        await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
        expect(within(codeForm()).queryByRole('alert')).not.toBeInTheDocument();
        expect(toasts.seen).not.toContain(TOO_MANY);
      }

      await enterCode(user, wrong);
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(toasts.seen).toContain(TOO_MANY), { timeout: 10_000 });
      expect(invalids()).toBe(4);
      expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
      expect(within(codeForm()).getByRole('alert')).toHaveTextContent(TOO_MANY);

      // Locked means locked: submitting the form anyway, with the right code, only repeats the toast and sends nothing.
      const fetchSpy = jest.spyOn(globalThis, 'fetch');
      try {
        const lockToasts = toasts.seen.filter((t) => t === TOO_MANY).length;
        await enterCode(user, code);
        fireEvent.submit(codeForm());
        await waitFor(() => expect(toasts.seen.filter((t) => t === TOO_MANY)).toHaveLength(lockToasts + 1));
        expect(requestedUrls(fetchSpy).filter((u) => u.includes('/verifyotp'))).toEqual([]);
        expect(router.state.location.pathname).toBe('/sign-in');
        expect(store!.getState().auth.userId).toBeNull();
      } finally {
        fetchSpy.mockRestore();
      }
    },
  );
});
