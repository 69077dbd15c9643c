import CloseIcon from '@mui/icons-material/Close';
import IosShareIcon from '@mui/icons-material/IosShare';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FocusEvent } from 'react';
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
 * Spec §2 install banner: on every mobile browser not running the installed app, the invitation with
 * 'Install App', or on iOS, which has no install prompt, the instruction 'Tap Share and then Add to
 * Home Screen'. 'Install App' hands over to the browser's own install dialog when the browser has
 * offered one (`beforeinstallprompt`, caught at start); where no offer has come (most browsers, or
 * Chromium before it decides), it says in the banner how to install from the browser's menu.
 * A dismiss button; it hides by itself after 5 s, the clock stopped while it is hovered or focused.
 * Once the visitor has asked for the menu instruction the clock is off for good: they are reading
 * it, and may come back to it from the browser's menu; Dismiss (or installing) closes it.
 * Fixed at the top, over the page: it moves no layout and stays clear of the toasts (bottom right).
 */
export function InstallBanner() {
  const [platform] = useState(detectPlatform);
  const [state, setState] = useState<'shown' | 'gone'>(() =>
    platform.mobile && !platform.standalone && !dismissedThisSession() ? 'shown' : 'gone',
  );
  const [instructing, setInstructing] = useState(false);
  const { pause, resume } = usePausableTimeout(state === 'shown' && !instructing, INSTALL_BANNER_HIDE_MS, () =>
    setState('gone'),
  );
  useEffect(() => {
    if (state !== 'shown') return undefined;
    const installed = () => setState('gone');
    window.addEventListener('appinstalled', installed);
    return () => window.removeEventListener('appinstalled', installed);
  }, [state]);
  if (state !== 'shown') return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(INSTALL_BANNER_DISMISSED_KEY, '1');
    } catch {
      // Storage refused (private mode): it still goes away for this page.
    }
    setState('gone');
  };
  const install = () => {
    if (installPrompt.current() === null) {
      setInstructing(true);
      return;
    }
    // The browser's own install dialog takes over from here, whatever is chosen in it.
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
        position: 'fixed',
        top: 8,
        left: 8,
        right: 8,
        mx: 'auto',
        maxWidth: 560,
        zIndex: 'snackbar',
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        pl: 2,
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2">{INSTALL_BANNER.text}</Typography>
        {platform.ios ? (
          <Typography
            variant="body2"
            sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 700 }}
          >
            <IosShareIcon fontSize="small" aria-hidden />
            {INSTALL_BANNER.iosInstruction}
          </Typography>
        ) : (
          // In the page from the start, so screen readers announce the instruction when it is filled in.
          <Typography role="status" variant="body2" sx={{ mt: instructing ? 0.5 : 0, fontWeight: 700 }}>
            {instructing ? INSTALL_BANNER.menuInstruction : ''}
          </Typography>
        )}
      </Box>
      {!platform.ios && (
        <Button variant="default" size="sm" onClick={install} sx={{ flexShrink: 0 }}>
          {INSTALL_BANNER.installButton}
        </Button>
      )}
      <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={dismiss} sx={{ flexShrink: 0 }}>
        <CloseIcon fontSize="small" />
      </Button>
    </Paper>
  );
}
