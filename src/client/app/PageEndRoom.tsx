import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect } from 'react';
import { useHydrated } from '../components/afterFirstScreen';
import { bottomRoom, INSTALL_BANNER_ROOM_VAR } from '../lib/bottomRoom';

/** How far the things at the bottom reach (toasts, install banner): the browser scrolls focus clear of it. */
const BOTTOM_ROOM_VAR = '--bottom-room';
/** The band under the footer: 0 unless the visitor's view has reached what the things at the bottom cover. */
const PAGE_END_ROOM_VAR = '--page-end-room';

type View = { scrollY: number; innerHeight: number; scrollHeight: number };

/**
 * The band under the footer the page needs, in px. None while nothing is at the bottom, or while the
 * visitor's view is above the part of the page it would cover: a toast over the middle of a long
 * page needs no band. Once the view reaches the page's last `room` px, the band comes, so the last
 * links scroll clear; given, it stays (`given`) while something is at the bottom, so scrolling back
 * and forth does not make the page grow and shrink.
 */
export function pageEndRoom(room: number, given: number, view: View): number {
  if (room <= 0) return 0;
  if (given > 0) return room;
  return view.scrollY + view.innerHeight >= view.scrollHeight - room ? room : 0;
}

/**
 * Keeps the page usable under what is fixed to the window's bottom edge (lib/bottomRoom: the toasts,
 * the install banner). Always: as scroll padding, so a control that takes focus is scrolled clear of
 * them (WCAG 2.4.11). When the view reaches the end of the page: as padding under the page (the band
 * under the footer), so its last links can scroll that far; it goes when they do.
 */
export function PageEndRoom() {
  // Not in the server's HTML: the room is the browser's to measure.
  const hydrated = useHydrated();
  useEffect(() => {
    const root = document.documentElement;
    let given = 0;
    let watching = false;
    const apply = () => {
      const { toasts, installBanner } = bottomRoom.get();
      const room = Math.max(toasts, installBanner);
      root.style.setProperty(INSTALL_BANNER_ROOM_VAR, `${installBanner}px`);
      root.style.setProperty(BOTTOM_ROOM_VAR, `${room}px`);
      given = pageEndRoom(room, given, {
        scrollY: window.scrollY,
        innerHeight: window.innerHeight,
        scrollHeight: root.scrollHeight,
      });
      root.style.setProperty(PAGE_END_ROOM_VAR, `${given}px`);
      // The view is watched only while something is at the bottom and the band is not there yet.
      const watch = room > 0 && given === 0;
      if (watch !== watching) {
        watching = watch;
        const method = watch ? 'addEventListener' : 'removeEventListener';
        window[method]('scroll', apply, { passive: true } as AddEventListenerOptions);
        window[method]('resize', apply);
      }
    };
    apply();
    const stop = bottomRoom.subscribe(apply);
    return () => {
      stop();
      window.removeEventListener('scroll', apply);
      window.removeEventListener('resize', apply);
      for (const name of [INSTALL_BANNER_ROOM_VAR, BOTTOM_ROOM_VAR, PAGE_END_ROOM_VAR]) root.style.removeProperty(name);
    };
  }, []);
  if (!hydrated) return null;
  return (
    <GlobalStyles
      styles={{
        html: { scrollPaddingBottom: `var(${BOTTOM_ROOM_VAR}, 0px)` },
        body: { paddingBottom: `var(${PAGE_END_ROOM_VAR}, 0px)` },
      }}
    />
  );
}
