/** The theme's amber accent (app/theme.ts, palette.secondary). */
const amber = '#ffb74d';

/**
 * The keyboard focus ring: amber, 2 px, offset from the element so it reads on magenta buttons,
 * dark pages and photos alike (over 3:1 against the page: WCAG 2.4.7 / 1.4.11). The theme puts it
 * on MUI's controls; custom focusable pieces (toasts, player tiles) use it directly.
 */
export const focusRing = { outline: `2px solid ${amber}`, outlineOffset: 2 } as const;
