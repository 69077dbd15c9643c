import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import type { Profile } from '../../../shared/contract/identity';
import { useAppDispatch } from '../../app/hooks';
import { userNameResolved } from '../auth/authEvents';
import { useUpdateProfileMutation } from './profileApi';

/** Splits a full name at the first space (spec §5): 'Ada King Lovelace' → 'Ada' + 'King Lovelace'. */
export function splitName(full: string): { firstName: string; lastName: string } {
  const trimmed = full.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space === -1 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

export function EditProfileForm({ userId, profile, onDone }: { userId: string; profile: Profile; onDone: () => void }) {
  const [name, setName] = useState(`${profile.firstName} ${profile.lastName}`.trim());
  const [update, { isLoading }] = useUpdateProfileMutation();
  const { enqueueSnackbar } = useSnackbar();
  const dispatch = useAppDispatch();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { message } = await update({ userId, ...splitName(name) }).unwrap();
      dispatch(userNameResolved(name.trim()));
      enqueueSnackbar(message, { variant: 'success' });
      onDone();
    } catch (err) {
      enqueueSnackbar((err as { data?: { message?: string } }).data?.message ?? 'An unexpected error occurred. Please try again.', { variant: 'error' });
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={save} noValidate aria-label="Edit Profile">
      <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" fullWidth />
      <TextField label="Email" value={profile.emailId} disabled fullWidth />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outline" onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="default" disabled={isLoading}>{isLoading ? 'Processing...' : 'Save'}</Button>
      </Stack>
    </Stack>
  );
}
