import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { headerLinks } from './navLinks';
import { selectIsLoggedIn } from '../auth/authSelectors';
import { Wordmark } from './Wordmark';
import { mobileMenuClosed, mobileMenuToggled, selectMobileMenuOpen } from './uiSlice';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

const activeLinkSx = { '&.active': { color: 'primary.main' } } as const;

export function Header() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectMobileMenuOpen);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { pathname } = useLocation();

  // A tap on a link navigates; the menu should not stay open over the new page.
  useEffect(() => {
    dispatch(mobileMenuClosed());
  }, [dispatch, pathname]);

  return (
    <AppBar
      position="sticky"
      color="transparent"
      elevation={0}
      sx={{
        backdropFilter: 'blur(12px)',
        backgroundColor: 'rgba(11,10,18,0.82)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ gap: 2 }}>
          <Wordmark to={paths.home} />
          <Box component="nav" aria-label="Main" sx={{ ml: 'auto', display: { xs: 'none', md: 'flex' }, gap: 1 }}>
            {headerLinks.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end
                variant="ghost"
                color="inherit"
                sx={activeLinkSx}
              >
                {link.label}
              </Button>
            ))}
          </Box>
          {/* Not one of the spec's two header links: the way to sign in, or to one's profile. */}
          <Button
            variant="ghost"
            size="icon"
            component={NavLink}
            to={loggedIn ? paths.profile : paths.signIn}
            color="inherit"
            aria-label={loggedIn ? 'Your profile' : SHOP_MESSAGES.signIn}
            sx={{ ml: { xs: 'auto', md: 0 }, ...activeLinkSx }}
          >
            <AccountCircleIcon />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            color="inherit"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => dispatch(mobileMenuToggled())}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </Button>
        </Toolbar>
      </Container>
      <Collapse in={open} timeout={200} unmountOnExit sx={{ display: { md: 'none' } }}>
        <Box component="nav" id="mobile-menu" aria-label="Mobile">
          <List sx={{ pb: 2 }}>
            {/* Each link in its own <li>: a list may hold only list items (WCAG 1.3.1). */}
            {headerLinks.map((link) => (
              <ListItem key={link.to} disablePadding>
                <ListItemButton component={NavLink} to={link.to} end sx={activeLinkSx}>
                  <ListItemText primary={link.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Box>
      </Collapse>
    </AppBar>
  );
}
