import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useRef, type ReactNode } from 'react';
import { NavLink, Link as RouterLink, ScrollRestoration } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { useRouteFocus } from '../../components/useRouteFocus';
import { paths } from '../../lib/paths';
import { selectIsLoggedIn } from '../../features/auth/authSelectors';
import { useGetStudioMeQuery } from './studioApi';
import { GateChecking, RefusedGate, SignedOutGate } from './StudioGate';
import { STUDIO_NAV } from './studioNav';

/**
 * The console's frame: the app bar (Studio, its areas, the organizer's e-mail, the way back to the
 * shop) and, only for an organizer, the screen. The role is the server's answer (GET /v1/studio/me).
 */
export function StudioShell({ children }: { children: ReactNode }) {
  const signedIn = useAppSelector(selectIsLoggedIn);
  const me = useGetStudioMeQuery(undefined, { skip: !signedIn });
  const organizer = signedIn && me.data ? me.data : null;
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);

  let content: ReactNode;
  if (!signedIn) content = <SignedOutGate />;
  else if (me.error) content = <RefusedGate error={me.error} retry={() => void me.refetch()} />;
  else if (!organizer) content = <GateChecking />;
  else content = children;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar
        position="static"
        component="header"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
          <Typography component="p" variant="h6" sx={{ fontWeight: 800 }}>
            Studio
          </Typography>
          <Box sx={{ flex: 1 }} />
          {organizer && (
            <Typography variant="body2" color="text.secondary" data-testid="studio-email">
              {organizer.email}
            </Typography>
          )}
          <Link component={RouterLink} to={paths.home} variant="body2">
            Back to the shop
          </Link>
        </Toolbar>
        {organizer && (
          <Toolbar component="nav" aria-label="Studio" variant="dense" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
            {STUDIO_NAV.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                variant="ghost"
                size="sm"
                sx={{ '&[aria-current="page"]': { color: 'primary.main', textDecoration: 'underline' } }}
              >
                {item.label}
              </Button>
            ))}
          </Toolbar>
        )}
      </AppBar>
      <Box
        component="main"
        ref={main}
        sx={{ flex: 1, width: '100%', maxWidth: 1280, mx: 'auto', px: { xs: 2, md: 3 }, py: 3 }}
      >
        {content}
      </Box>
      {/* A new screen starts at its top (where its heading takes focus), as the storefront's do. */}
      <ScrollRestoration />
    </Box>
  );
}
