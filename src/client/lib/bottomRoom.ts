/**
 * What is fixed to the window's bottom edge over the page, and how far up from that edge it reaches
 * in px (0 while it does not show): the toasts, and below them the install banner. app/PageEndRoom
 * turns the larger reach into room for the page, so that nothing stays hidden under them.
 */
type BottomThing = 'toasts' | 'installBanner';

const reach: Record<BottomThing, number> = { toasts: 0, installBanner: 0 };
const listeners = new Set<() => void>();

export function reserveBottomRoom(thing: BottomThing, px: number): void {
  if (reach[thing] === px) return;
  reach[thing] = px;
  listeners.forEach((listener) => listener());
}

export const bottomRoom = {
  get: (): Readonly<Record<BottomThing, number>> => reach,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * The install banner's reach as a CSS custom property on <html> ('0px' or absent while it is gone):
 * what sits at the window's bottom too (the toasts, the offline notice, the hero's dots) moves up by it.
 */
export const INSTALL_BANNER_ROOM_VAR = '--install-banner-room';
/** Lifts a bottom-anchored element above the install banner: a transform, so it shifts no layout. */
export const aboveInstallBanner = `translateY(calc(-1 * var(${INSTALL_BANNER_ROOM_VAR}, 0px)))`;
