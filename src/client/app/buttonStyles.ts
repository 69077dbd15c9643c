import type { Components, Theme } from '@mui/material/styles';

/**
 * docs/behaviour.md §9: "Buttons: variants default, destructive, outline, secondary, ghost, link; sizes
 * default, sm, lg, icon". Exactly these: MUI's own (text/outlined/contained, small/medium/large) are
 * switched off, so a screen cannot use them by mistake.
 */
declare module '@mui/material/Button' {
  interface ButtonPropsVariantOverrides {
    default: true;
    destructive: true;
    outline: true;
    secondary: true;
    ghost: true;
    link: true;
    text: false;
    outlined: false;
    contained: false;
  }
  interface ButtonPropsSizeOverrides {
    default: true;
    sm: true;
    lg: true;
    icon: true;
    small: false;
    medium: false;
    large: false;
  }
}

export const BUTTON_VARIANTS = ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] as const;
export const BUTTON_SIZES = ['default', 'sm', 'lg', 'icon'] as const;

/**
 * Colours the variants add to the palette. Measured against the page (#0b0a12) and cards (#16141f)
 * in tests/client/app/buttonStyles.test.tsx: text 4.5:1 or more, boundaries 3:1 or more.
 * - default: the palette colour's contrastText on its main (primary: night on magenta 5.8:1; hover
 *   lightens to #ff6b9d, 7.4:1, as MUI's darker hover would drop the text under 4.5:1).
 * - destructive: white on a red deep enough for it (#c62828, 5.6:1; MUI's #f44336 gives 3.7:1).
 * - secondary: a muted violet grey that stands 3:1 off the page and cards, light text on it 5.2:1.
 * - outline: a border of 45 % white (4.5:1 on the page) around light text.
 */
export const buttonColours = {
  primaryHoverBg: '#ff6b9d',
  destructive: { text: '#ffffff', bg: '#c62828', hoverBg: '#b71c1c' },
  secondary: { bg: '#68637c', hoverBg: '#5f5a72' },
  outlineBorder: 'rgba(255, 255, 255, 0.45)',
  hoverOverlay: 'rgba(255, 255, 255, 0.08)',
} as const;

const onHover = (style: Record<string, unknown>) => ({ '@media (hover: hover)': { '&:hover': style } });
const iconFont = (px: number) => ({ '& .MuiButton-icon > *:nth-of-type(1)': { fontSize: px } });

export const MuiButton: Components<Theme>['MuiButton'] = {
  // The focus ring marks keyboard focus; the focus ripple on top of it would only dim the label.
  defaultProps: { variant: 'default', size: 'default', disableElevation: true, disableFocusRipple: true },
  styleOverrides: {
    root: ({ theme }) => {
      const disabledFill = {
        '&.Mui-disabled': {
          color: theme.palette.action.disabled,
          backgroundColor: theme.palette.action.disabledBackground,
        },
      };
      return {
        // Every variant has a 1 px border (transparent but for outline), so sizes match across variants.
        border: '1px solid transparent',
        variants: [
          // Filled with the palette colour of `color` (primary unless told), through MUI's own per-colour variables.
          {
            props: { variant: 'default' },
            style: {
              color: 'var(--variant-containedColor)',
              backgroundColor: 'var(--variant-containedBg)',
              ...disabledFill,
            },
          },
          {
            props: { variant: 'default', color: 'primary' },
            style: onHover({ '--variant-containedBg': buttonColours.primaryHoverBg }),
          },
          {
            props: { variant: 'destructive' },
            style: {
              color: buttonColours.destructive.text,
              backgroundColor: buttonColours.destructive.bg,
              ...onHover({ backgroundColor: buttonColours.destructive.hoverBg }),
              ...disabledFill,
            },
          },
          {
            props: { variant: 'secondary' },
            style: {
              color: theme.palette.text.primary,
              backgroundColor: buttonColours.secondary.bg,
              ...onHover({ backgroundColor: buttonColours.secondary.hoverBg }),
              ...disabledFill,
            },
          },
          {
            props: { variant: 'outline' },
            style: {
              color: theme.palette.text.primary,
              backgroundColor: 'transparent',
              borderColor: buttonColours.outlineBorder,
              ...onHover({ backgroundColor: buttonColours.hoverOverlay }),
              '&.Mui-disabled': { borderColor: theme.palette.action.disabledBackground },
            },
          },
          // The text colour around it (a bar, an alert, the page), a light wash on hover.
          {
            props: { variant: 'ghost' },
            style: {
              color: 'inherit',
              backgroundColor: 'transparent',
              ...onHover({ backgroundColor: buttonColours.hoverOverlay }),
            },
          },
          {
            props: { variant: 'link' },
            style: {
              color: 'var(--variant-textColor)',
              backgroundColor: 'transparent',
              textUnderlineOffset: 4,
              ...onHover({ textDecoration: 'underline', backgroundColor: 'transparent' }),
            },
          },
          {
            props: { size: 'default' },
            style: { minHeight: 40, padding: '4px 16px', fontSize: theme.typography.pxToRem(14), ...iconFont(20) },
          },
          {
            props: { size: 'sm' },
            style: { minHeight: 36, padding: '2px 12px', fontSize: theme.typography.pxToRem(13), ...iconFont(18) },
          },
          {
            props: { size: 'lg' },
            style: { minHeight: 44, padding: '6px 24px', fontSize: theme.typography.pxToRem(15), ...iconFont(22) },
          },
          { props: { size: 'icon' }, style: { width: 40, height: 40, minWidth: 0, padding: 0, borderRadius: '50%' } },
        ],
      };
    },
  },
};
