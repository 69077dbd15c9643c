import { createTheme } from '@mui/material/styles';

/** Dark, stage-lit: deep night background, a magenta spotlight and an amber accent. */
export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#ff3d7f', contrastText: '#ffffff' },
    secondary: { main: '#ffb74d' },
    background: { default: '#0b0a12', paper: '#16141f' },
    text: { primary: '#f4f2f8', secondary: '#b9b4c7' },
    divider: 'rgba(255,255,255,0.10)',
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
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { styleOverrides: { root: { backgroundImage: 'none' } } },
  },
});
