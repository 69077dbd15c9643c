import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useMatch, useNavigation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { routePatterns } from '../../lib/paths';
import { useFirstScreenDone } from '../../components/afterFirstScreen';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { useRouteFocus } from '../../components/useRouteFocus';
import { guestTokenRetryRequested } from '../auth/authEvents';
import { selectGuestToken, selectGuestTokenError } from '../auth/authSelectors';
import { Footer } from './Footer';
import { Header } from './Header';
import { OfflineNotice } from './OfflineNotice';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

// The install banner is not part of the first screen: it loads once that screen is up.
const InstallBanner = lazy(() =>
  import(/* webpackChunkName: "install-banner" */ './InstallBanner').then((m) => ({ default: m.InstallBanner })),
);

/**
 * docs/behaviour.md §2: a spinner until a guest token exists; then header, page, footer (none on the player).
 * The spinner is for the first token only: when a 401 later replaces the token, the page stays
 * mounted, so a form being filled (or the sign-in code step and its attempt count) is not lost.
 */
export function RootLayout() {
  const token = useAppSelector(selectGuestToken);
  const error = useAppSelector(selectGuestTokenError);
  const onPlayer = useMatch(routePatterns.playerMatch) !== null;
  const navigating = useNavigation().state === 'loading';
  const [shellShown, setShellShown] = useState(false);
  const firstScreenDone = useFirstScreenDone();
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  if (token && !shellShown) setShellShown(true);

  if (!token && !shellShown) return error ? <StartupError /> : <FullPageSpinner />;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {navigating && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }}
        />
      )}
      <OfflineNotice />
      {!onPlayer && firstScreenDone && (
        <Suspense fallback={null}>
          <InstallBanner />
        </Suspense>
      )}
      {!onPlayer && <Header />}
      <Box component="main" ref={main} sx={{ flex: 1 }}>
        <Outlet />
      </Box>
      {!onPlayer && <Footer />}
      <ScrollRestoration />
    </Box>
  );
}

function StartupError() {
  const dispatch = useAppDispatch();
  return (
    <Box role="alert" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}>
      <Box>
        <Typography variant="h5" component="h1" gutterBottom>
          We can't reach the storefront right now.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Check your connection and try again.
        </Typography>
        <Button variant="default" onClick={() => dispatch(guestTokenRetryRequested())}>
          {SHOP_MESSAGES.tryAgain}
        </Button>
      </Box>
    </Box>
  );
}
