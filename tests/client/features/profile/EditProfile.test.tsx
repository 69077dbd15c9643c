import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import { recordToasts, startApp, stopApp } from '../../../utils/clientApp';
import { newBuyer, rememberBuyer } from '../../../utils/clientCheckout';

/**
 * docs/behaviour.md §2 "Profile" and §5: the name is split at the first space into first and last name, with no other
 * validation; the toast carries the server's message, and whatever the server refuses reads as a
 * sentence, never a schema path.
 */
let store: AppStore | undefined;
afterEach(async () => {
  await stopApp(store);
  store = undefined;
});

async function openEditor(label: string) {
  const buyer = await newBuyer(label);
  rememberBuyer(buyer);
  const app = await startApp('/profile');
  store = app.store;
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }, { timeout: 10_000 }));
  const form = screen.getByRole('form', { name: 'Edit Profile' });
  return { buyer, form, name: within(form).getByRole('textbox', { name: 'Name' }) };
}

it(
  "saves an empty name, as the spec accepts it: the success toast, and the e-mail's local part shown as the " + 'name',
  async () => {
    const { buyer, form, name } = await openEditor('empty-name');
    const toasts = recordToasts();
    await userEvent.clear(name);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.seen).toContain('Profile updated successfully.'));
    expect(toasts.seen.join(' ')).not.toMatch(/body\.|firstName|must not be empty/);
    const local = buyer.email.split('@')[0]!;
    // Already shown when the toast says so: the saved profile is written before the toast.
    expect(screen.getByTestId('profile-name')).toHaveTextContent(local);
    expect(store!.getState().auth.userName).toBe(local);
    toasts.stop();
  },
);

it(
  'a name the server refuses (over 100 characters) is told in a sentence naming the field, not a schema ' + 'path',
  async () => {
    const { form, name } = await openEditor('long-name');
    const toasts = recordToasts();
    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste(`${'x'.repeat(101)} Lovelace`);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.seen).toContain('First name must be at most 100 characters.'));
    expect(toasts.seen.join(' ')).not.toMatch(/body\./);
    toasts.stop();
  },
);
