import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { toast } from '../../lib/toast';
import { useState, type FormEvent } from 'react';
import type { Profile } from '../../../shared/contract/identity';
import { useAppDispatch } from '../../lib/hooks';
import { userNameResolved } from '../auth/authEvents';
import { messageFor } from '../../api/serverError';
import { profileApi, useUpdateProfileMutation } from './profileApi';
import { TextInput } from '../../components/TextInput';
import { SHOP_MESSAGES } from '../../lib/shopMessages';
import { PROFILE_COPY } from './profileCopy';

/** docs/behaviour.md §4 "Display name": the names, or the e-mail's local part when there are none. */
export const displayNameOf = (p: { firstName: string; lastName: string }, email: string) =>
  `${p.firstName} ${p.lastName}`.trim() || (email.split('@')[0] ?? email);

/** Splits a full name at the first space (docs/behaviour.md §5): 'Ada King Lovelace' → 'Ada' + 'King Lovelace'. */
function splitName(full: string): { firstName: string; lastName: string } {
  const trimmed = full.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space === -1
    ? { firstName: trimmed, lastName: '' }
    : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

export function EditProfileForm({ userId, profile, onDone }: { userId: string; profile: Profile; onDone: () => void }) {
  const [name, setName] = useState(`${profile.firstName} ${profile.lastName}`.trim());
  const [update, { isLoading }] = useUpdateProfileMutation();
  const dispatch = useAppDispatch();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { message, profile: saved } = await update({ userId, ...splitName(name) }).unwrap();
      // The answer is the saved profile: it replaces the cached one synchronously, before the toast
      // shows, so the page never announces a save while it still shows the old name.
      if (saved) dispatch(profileApi.util.updateQueryData('getProfile', userId, () => saved));
      // An empty name is a valid choice (docs/behaviour.md §5); the display name then falls back as docs/behaviour.md
      // §4 says.
      dispatch(userNameResolved(displayNameOf(splitName(name), profile.emailId)));
      toast.success(message);
      onDone();
    } catch (err) {
      toast.error(messageFor(err));
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={save} noValidate aria-label={PROFILE_COPY.editProfile}>
      <TextInput label="Name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" fullWidth />
      <TextInput label="Email" value={profile.emailId} disabled fullWidth />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="default" disabled={isLoading}>
          {isLoading ? SHOP_MESSAGES.processing : 'Save'}
        </Button>
      </Stack>
    </Stack>
  );
}
