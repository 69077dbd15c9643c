import CloseIcon from '@mui/icons-material/Close';
import IosShareIcon from '@mui/icons-material/IosShare';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FocusEvent } from 'react';
import { reserveBottomRoom } from '../../lib/bottomRoom';
import { INSTALL_BANNER, INSTALL_BANNER_HIDE_MS } from '../../../shared/constants';
import { detectPlatform } from './devicePlatform';
import { bannerAway, sendBannerAway } from './installBannerRest';
import { installPrompt } from './installPrompt';
import { usePausableTimeout } from './usePausableTimeout';

/** Its distance from the window's bottom edge, and the air kept between it and what sits above it, in px. */
const BANNER_GAP = 8;

/** Tells lib/bottomRoom how far up the banner reaches while it shows, as its size changes (wraps, instructs). */
function useBottomRoom(banner: HTMLElement | null) {
  useEffect(() => {
    if (!banner) return undefined;
    const measure = () => reserveBottomRoom('installBanner', Math.ceil(banner.offsetHeight) + 2 * BANNER_GAP);
    measure();
    // jsdom (the unit tests) has no ResizeObserver, and lays nothing out.
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    sizes?.observe(banner);
    return () => {
      sizes?.disconnect();
      reserveBottomRoom('installBanner', 0);
    };
  }, [banner]);
}

/**
 * docs/behaviour.md §2 install banner: on every mobile browser not running the installed app, the invitation with
 * 'Install App', or on iOS, which has no install prompt, the instruction 'Tap Share and then Add to
 * Home Screen'. 'Install App' hands over to the browser's own install dialog when the browser has
 * offered one (`beforeinstallprompt`, caught at start); where no offer has come (most browsers, or
 * Chromium before it decides), it says in the banner how to install from the browser's menu.
 * A dismiss button; it hides by itself after 5 s, the clock stopped while it is hovered or focused.
 * Once the visitor has asked for the menu instruction the clock is off for good: they are reading
 * it, and may come back to it from the browser's menu; Dismiss (or installing) closes it.
 * However it went, it stays away for 14 days (installBannerRest), not only until the next page load.
 *
 * Fixed at the bottom of the window, over the page, so it never covers the sticky header or the
 * hero's and the player's controls at the top; it moves no layout. What else sits at the bottom
 * moves up by its height (the toasts above it, the hero's dots, the offline notice), and the page
 * keeps that room at its end (app/PageEndRoom), so nothing stays hidden under it.
 */
export function InstallBanner() {
  const [platform] = useState(detectPlatform);
  const [state, setState] = useState<'shown' | 'gone'>(() =>
    platform.mobile && !platform.standalone && !bannerAway() ? 'shown' : 'gone',
  );
  const [instructing, setInstructing] = useState(false);
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  useBottomRoom(state === 'shown' ? banner : null);
  const goAway = () => {
    sendBannerAway();
    setState('gone');
  };
  const { pause, resume } = usePausableTimeout(state === 'shown' && !instructing, INSTALL_BANNER_HIDE_MS, goAway);
  useEffect(() => {
    if (state !== 'shown') return undefined;
    const installed = () => {
      sendBannerAway();
      setState('gone');
    };
    window.addEventListener('appinstalled', installed);
    return () => window.removeEventListener('appinstalled', installed);
  }, [state]);
  if (state !== 'shown') return null;

  const install = () => {
    if (installPrompt.current() === null) {
      setInstructing(true);
      return;
    }
    // The browser's own install dialog takes over from here, whatever is chosen in it.
    goAway();
    void installPrompt.show();
  };
  const focusLeft = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resume();
  };

  return (
    <Paper
      ref={setBanner}
      component="aside"
      aria-label="Install app"
      elevation={8}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={focusLeft}
      sx={{
        position: 'fixed',
        bottom: `calc(${BANNER_GAP}px + env(safe-area-inset-bottom, 0px))`,
        left: BANNER_GAP,
        right: BANNER_GAP,
        mx: 'auto',
        maxWidth: 560,
        // Over the page, under dialogs and the toasts.
        zIndex: 'appBar',
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
      <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={goAway} sx={{ flexShrink: 0 }}>
        <CloseIcon fontSize="small" />
      </Button>
    </Paper>
  );
}
