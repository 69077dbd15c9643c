import { createTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { focusRing } from '../components/focusRing';
import { ROUTE_FOCUS_ATTRIBUTE } from '../components/useRouteFocus';
import { MuiButton } from './buttonStyles';

const night = '#0b0a12';
const magenta = '#ff3d7f';
const amber = '#ffb74d';

/**
 * What MUI's own focus styling does not reach: links, plain buttons and focusable cards, and the
 * heading a new page's focus is put on (components/useRouteFocus.ts).
 */
const FOCUSABLE_VISIBLE = [
  'a:focus-visible',
  'button:focus-visible',
  '[role="button"]:focus-visible',
  '[tabindex]:not([tabindex="-1"]):focus-visible',
  `[${ROUTE_FOCUS_ATTRIBUTE}]:focus-visible`,
].join(', ');

/** Dark, stage-lit: deep night background, a magenta spotlight and an amber accent. */
export const theme = createTheme({
  palette: {
    mode: 'dark',
    // White on this magenta is 3.4:1; the night colour on it is 5.8:1 (WCAG 1.4.3 asks 4.5:1).
    // The magenta itself stays: as text on the dark background it reads at 5.8:1.
    primary: { main: magenta, contrastText: night },
    secondary: { main: amber, contrastText: night },
    background: { default: night, paper: '#16141f' },
    text: { primary: '#f4f2f8', secondary: '#b9b4c7' },
    divider: 'rgba(255,255,255,0.10)',
    // Disabled text (the countdown on a not-yet-started show, the fixed e-mail on the profile) is
    // still information: at 50 % white it reads at 5:1 on the page and on cards, yet looks inactive.
    action: { disabled: 'rgba(255,255,255,0.5)' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, letterSpacing: '-0.01em' },
    h3: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 700 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // MUI removes the browser's outline from its buttons; links, plain buttons and cards get the same ring.
        [FOCUSABLE_VISIBLE]: focusRing,
        // `main` focused after a new address: its ring inside its edges, which the window cuts off.
        [`main[${ROUTE_FOCUS_ATTRIBUTE}]:focus-visible`]: { outlineOffset: -2 },
      },
    },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
    // A slider's thumb is not a ButtonBase: without this its keyboard focus showed nothing (the player's Volume).
    MuiSlider: { styleOverrides: { thumb: { '&.Mui-focusVisible': focusRing } } },
    // Exactly the variants and sizes of docs/behaviour.md §9, with their measured colours: buttonStyles.ts.
    MuiButton,
    MuiAppBar: { styleOverrides: { root: { backgroundImage: 'none' } } },
    // The console's grids: a focused cell or header showed only the grid's own 1 px line; the same
    // ring as everywhere else, drawn inside the cell (its neighbours would cover an outer one).
    MuiDataGrid: {
      styleOverrides: {
        root: {
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { ...focusRing, outlineOffset: -2 },
        },
      },
    },
  },
});
