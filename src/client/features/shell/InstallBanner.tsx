import CloseIcon from '@mui/icons-material/Close';
import IosShareIcon from '@mui/icons-material/IosShare';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, useSyncExternalStore, type FocusEvent } from 'react';
import { INSTALL_BANNER, INSTALL_BANNER_HIDE_MS } from '../../../shared/constants';
import { detectPlatform } from './devicePlatform';
import { installPrompt } from './installPrompt';
import { usePausableTimeout } from './usePausableTimeout';

/** Once dismissed, the banner stays away for the rest of this browser session (this tab's sessionStorage). */
export const INSTALL_BANNER_DISMISSED_KEY = 'installBannerDismissed';
const dismissedThisSession = () => {
  try {
    return window.sessionStorage.getItem(INSTALL_BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * Spec §2 install banner: on mobile browsers not running the installed app, the invitation with
 * 'Install App' (the browser's deferred install prompt), or on iOS, which has no prompt, the
 * instruction 'Tap Share and then Add to Home Screen'. A dismiss button; it hides by itself after 5 s
 * (the clock stops while it is hovered or focused). Elsewhere than iOS it appears once the browser
 * has offered installation: an 'Install App' that could install nothing would mislead.
 * Fixed at the top, over the page: it moves no layout and stays clear of the toasts (bottom right).
 */
export function InstallBanner() {
  const [platform] = useState(detectPlatform);
  const prompt = useSyncExternalStore(installPrompt.subscribe, installPrompt.current, () => null);
  const [state, setState] = useState<'waiting' | 'shown' | 'gone'>(() => (dismissedThisSession() ? 'gone' : 'waiting'));
  const eligible = platform.mobile && !platform.standalone;
  const available = platform.ios || prompt !== null;
  if (state === 'waiting' && eligible && available) setState('shown');

  const { pause, resume } = usePausableTimeout(state === 'shown', INSTALL_BANNER_HIDE_MS, () => setState('gone'));
  if (state !== 'shown') return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(INSTALL_BANNER_DISMISSED_KEY, '1');
    } catch {
      // Storage refused (private mode): it still goes away for this page.
    }
    setState('gone');
  };
  // The browser's own install dialog takes over from here, whatever is chosen in it.
  const install = () => {
    setState('gone');
    void installPrompt.show();
  };
  const focusLeft = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resume();
  };

  return (
    <Paper
      component="aside"
      aria-label="Install app"
      elevation={8}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={focusLeft}
      sx={{
        position: 'fixed', top: 8, left: 8, right: 8, mx: 'auto', maxWidth: 560, zIndex: 'snackbar',
        display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, pl: 2, border: 1, borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2">{INSTALL_BANNER.text}</Typography>
        {platform.ios && (
          <Typography variant="body2" sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 700 }}>
            <IosShareIcon fontSize="small" aria-hidden />
            {INSTALL_BANNER.iosInstruction}
          </Typography>
        )}
      </Box>
      {!platform.ios && (
        <Button variant="contained" size="small" onClick={install} sx={{ flexShrink: 0 }}>{INSTALL_BANNER.installButton}</Button>
      )}
      <IconButton size="small" aria-label="Dismiss" onClick={dismiss} sx={{ flexShrink: 0 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}
