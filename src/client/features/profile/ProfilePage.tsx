import Avatar from '@mui/material/Avatar';
import { useKeptViewingEntitlements } from '../player/entitlementsApi';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { selectUserId } from '../auth/authSelectors';
import { displayNameOf, EditProfileForm } from './EditProfileForm';
import { LogoutButton } from './LogoutButton';
import { OrderHistory } from './OrderHistory';
import { useGetProfileQuery } from './profileApi';
import { visitorPageSx } from '../../components/visitorPageSx';
import { PageHead } from '../../components/PageHead';
import { pageTitle, type HeadData } from '../../lib/pageHead';
import { PROFILE_COPY } from './profileCopy';

const initialsOf = (first: string, last: string, email = '') =>
  ((first[0] ?? '') + (last[0] ?? '')).toUpperCase() || (email[0] ?? '?').toUpperCase();

/** @public the head the server sends with this page, which the browser renders (app/router.tsx). */
export const head: HeadData = { title: pageTitle(PROFILE_COPY.title), noindex: true };

/** docs/behaviour.md §2 "Profile": signed in; 'Your Profile', avatar, name, e-mail, edit, logout, order history. */
export default function ProfilePage() {
  const userId = useAppSelector(selectUserId);
  // Logging out from here goes home; only a visitor who arrives signed out is sent to sign in.
  const [leaving, setLeaving] = useState(false);
  if (userId === null) return leaving ? null : <Navigate to={paths.signIn} replace />;
  return <Profile userId={userId} onLeaving={() => setLeaving(true)} />;
}

function Profile({ userId, onLeaving }: { userId: string; onLeaving: () => void }) {
  const { data: profile, isLoading } = useGetProfileQuery(userId);
  // A buyer lands here after paying: the new ticket's signed entitlement is kept for an outage.
  useKeptViewingEntitlements(userId);
  const [editing, setEditing] = useState(false);
  return (
    <Container maxWidth="md" sx={visitorPageSx}>
      <PageHead {...head} />
      <Typography component="h1" variant="h3" sx={{ fontWeight: 800, mb: 3 }}>
        {PROFILE_COPY.title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        {isLoading || !profile ? (
          <ProfileCardSkeleton />
        ) : editing ? (
          <EditProfileForm userId={userId} profile={profile} onDone={() => setEditing(false)} />
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
            <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: '1.5rem', fontWeight: 700 }}>
              {initialsOf(profile.firstName, profile.lastName, profile.emailId)}
            </Avatar>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="profile-name">
                {displayNameOf(profile, profile.emailId)}
              </Typography>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {profile.emailId}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1.5}>
              <Button variant="outline" onClick={() => setEditing(true)}>
                {PROFILE_COPY.editProfile}
              </Button>
              <LogoutButton onLeaving={onLeaving} />
            </Stack>
          </Stack>
        )}
      </Paper>
      <OrderHistory userId={Number(userId)} />
    </Container>
  );
}

/**
 * The loaded card's shape (avatar, name and e-mail, two buttons; stacked on a phone), so nothing moves when it arrives.
 */
function ProfileCardSkeleton() {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
      <Skeleton variant="circular" width={64} height={64} />
      <Box sx={{ flex: 1 }}>
        <Skeleton width="40%" sx={{ fontSize: '1.5rem' }} />
        <Skeleton width="60%" />
      </Box>
      <Stack direction="row" spacing={1.5}>
        <Skeleton variant="rounded" width={104} height={40} />
        <Skeleton variant="rounded" width={88} height={40} />
      </Stack>
    </Stack>
  );
}
