import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AppStore } from '../../../../../src/client/app/store';
import { signUpOnTestServer } from '../../../../utils/apiUser';
import {
  codeForm,
  consumeCode,
  eventually,
  mailedCode,
  recordToasts,
  startApp,
  stopApp,
} from '../../../../utils/clientApp';
import { fakeOnly } from '../../../../utils/fakeTimers';

/**
 * docs/behaviour.md §4: 'Resend code' appears when the 60 s countdown reaches zero; resending restarts it at 60
 * and sets the attempts back to 0, so a form locked by 5 failures can be used again.
 *
 * The countdown runs on jest's fake setTimeout (only setTimeout/clearTimeout are faked), so 60 s pass
 * in an instant and the display can be read second by second; every server call is real. The server
 * keeps its own rule on the real clock (no new code within 60 s while the last one is unused), so the
 * first code is used up right away, as if on another device: the 5 failures are then the client's
 * own count (the server only says "no active code", never 429), and the server accepts the resend.
 */
const INVALID_CODE = 'Please Enter a valid 6-digit Code';
const TOO_MANY = 'Too many attempts. Try again later.';
const email = `resend-${Date.now()}@example.com`;
beforeAll(async () => {
  await signUpOnTestServer(email, 'Re', 'Send');
});

let store: AppStore | undefined;
let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  fakeOnly('timeouts');
  toasts = recordToasts();
});
afterEach(async () => {
  jest.clearAllTimers();
  jest.useRealTimers();
  toasts.stop();
  await stopApp(store);
  store = undefined;
});

/** Moves the fake clock one second at a time, letting React render (and re-arm the countdown) in between. */
const passSeconds = (n: number) => {
  for (let i = 0; i < n; i += 1)
    act(() => {
      jest.advanceTimersByTime(1000);
    });
};
const countdown = () => screen.queryByTestId('resend-countdown')?.textContent ?? null;
const resendButton = () => screen.queryByRole('button', { name: 'Resend code' });

async function enterCode(user: UserEvent, code: string) {
  const input = screen.getByRole('textbox', { name: 'Sign-in code' });
  await user.clear(input);
  await user.type(input, code);
}

it(
  'at zero the countdown turns into Resend code; resending toasts, restarts at 60 and unlocks a locked ' + 'form',
  async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { router, store: s } = await startApp('/sign-in');
    store = s;
    await eventually(() => screen.getByRole('textbox', { name: 'E-mail address' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), email);
    await user.click(screen.getByRole('button', { name: 'Continue with e-mail' }));
    await eventually(() => screen.getByRole('heading', { name: 'Check your e-mail' }));
    const sent = `We sent a sign-in code to ${email}.`;
    await eventually(() => expect(toasts.seen).toEqual([sent]));
    expect(countdown()).toBe('Resend code in 60s');
    expect(resendButton()).not.toBeInTheDocument();

    await consumeCode(email, await mailedCode(email));

    // Five failed verifications lock the form (5 s between them, so each toast has come and gone).
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await enterCode(user, '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      const expected = attempt < 5 ? INVALID_CODE : TOO_MANY;
      await eventually(() => expect(toasts.seen.slice(1)).toHaveLength(attempt));
      expect(toasts.seen.at(-1)).toBe(expected);
      passSeconds(5);
    }
    await eventually(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled());
    expect(within(codeForm()).getByRole('alert')).toHaveTextContent(TOO_MANY);
    expect(countdown()).toBe('Resend code in 35s');

    // The countdown runs to zero: no Resend button a second before, the button at zero.
    passSeconds(34);
    expect(countdown()).toBe('Resend code in 1s');
    expect(resendButton()).not.toBeInTheDocument();
    passSeconds(1);
    expect(countdown()).toBeNull();
    expect(resendButton()).toBeInTheDocument();

    // Resend: the server's message as a new toast, the countdown back at 60, the form usable again.
    const toastsBefore = toasts.seen.length;
    await user.click(resendButton()!);
    await eventually(() => expect(toasts.seen.slice(toastsBefore)).toEqual([sent]));
    await eventually(() => expect(countdown()).toBe('Resend code in 60s'));
    expect(resendButton()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(within(codeForm()).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Sign-in code' })).toHaveValue('');
    passSeconds(1);
    expect(countdown()).toBe('Resend code in 59s');

    // The new code signs in from the once-locked form.
    await enterCode(user, await mailedCode(email));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await eventually(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().auth.userId).not.toBeNull();
  },
);
