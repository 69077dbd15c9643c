import Button from '@mui/material/Button';
import { screen } from '@testing-library/react';
import { BUTTON_SIZES, BUTTON_VARIANTS, buttonColours } from '../../../src/client/app/buttonStyles';
import { theme } from '../../../src/client/app/theme';
import { renderWithProviders } from '../../utils/renderWithProviders';

/**
 * docs/behaviour.md §9: Buttons: variants default, destructive, outline, secondary, ghost, link; sizes default, sm, lg,
 * icon.
 */

/** The CSS emotion wrote for an element's own classes (media rules included), as text. */
function cssOf(el: Element): string {
  const classes = Array.from(el.classList).filter((c) => c.startsWith('css-'));
  const texts: string[] = [];
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if ('cssRules' in rule && !(rule instanceof CSSStyleRule)) visit((rule as CSSGroupingRule).cssRules);
      else if (rule instanceof CSSStyleRule && classes.some((c) => rule.selectorText.includes(c)))
        texts.push(rule.cssText);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
  return texts.join('\n');
}

describe("the theme offers exactly the spec's variants and sizes", () => {
  it.each(BUTTON_VARIANTS)('variant %s has a style of its own', (variant) => {
    renderWithProviders(
      <>
        {BUTTON_VARIANTS.map((v) => (
          <Button key={v} variant={v}>
            {v}
          </Button>
        ))}
      </>,
    );
    const own = cssOf(screen.getByRole('button', { name: variant }));
    for (const other of BUTTON_VARIANTS.filter((v) => v !== variant)) {
      expect({ other, same: cssOf(screen.getByRole('button', { name: other })) === own }).toEqual({
        other,
        same: false,
      });
    }
  });

  it.each(BUTTON_SIZES)('size %s has a style of its own', (size) => {
    renderWithProviders(
      <>
        {BUTTON_SIZES.map((s) => (
          <Button key={s} size={s}>
            {s}
          </Button>
        ))}
      </>,
    );
    const own = cssOf(screen.getByRole('button', { name: size }));
    for (const other of BUTTON_SIZES.filter((s) => s !== size)) {
      expect({ other, same: cssOf(screen.getByRole('button', { name: other })) === own }).toEqual({
        other,
        same: false,
      });
    }
  });

  it('each variant draws what it says', () => {
    renderWithProviders(
      <>
        {BUTTON_VARIANTS.map((v) => (
          <Button key={v} variant={v}>
            {v}
          </Button>
        ))}
      </>,
    );
    const css = (name: string) => cssOf(screen.getByRole('button', { name }));
    expect(css('default')).toContain('background-color: var(--variant-containedBg)');
    expect(css('destructive')).toContain(`background-color: ${buttonColours.destructive.bg}`);
    expect(css('outline')).toContain(`border-color: ${buttonColours.outlineBorder}`);
    expect(css('secondary')).toContain(`background-color: ${buttonColours.secondary.bg}`);
    expect(css('ghost')).toContain('background-color: transparent');
    expect(css('link')).toContain('text-decoration: underline');
  });

  it('sizes: default 40 px high, sm 36, lg 44, icon a 40 px square', () => {
    renderWithProviders(
      <>
        {BUTTON_SIZES.map((s) => (
          <Button key={s} size={s}>
            {s}
          </Button>
        ))}
      </>,
    );
    const css = (name: string) => cssOf(screen.getByRole('button', { name }));
    expect(css('default')).toContain('min-height: 40px');
    expect(css('sm')).toContain('min-height: 36px');
    expect(css('lg')).toContain('min-height: 44px');
    expect(css('icon')).toMatch(/width: 40px;[^}]*height: 40px/);
  });

  it('a Button without props is the default variant at the default size', () => {
    renderWithProviders(<Button>Go</Button>);
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toHaveClass('MuiButton-default', 'MuiButton-sizeDefault');
    expect(button.className).not.toMatch(/MuiButton-(text|outlined|contained|sizeSmall|sizeMedium|sizeLarge)\b/);
  });
});

/** WCAG relative luminance and contrast of CSS colours (#rrggbb or rgba over a backdrop). */
type Rgb = [number, number, number];
const parse = (css: string, backdrop: Rgb): Rgb => {
  const hex = /^#([0-9a-f]{6})$/i.exec(css);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) as Rgb;
  const rgba = /^rgba?\(([^)]+)\)$/.exec(css);
  if (!rgba) throw new Error(`cannot read colour ${css}`);
  const [r, g, b, a = 1] = rgba[1]!.split(',').map(Number) as [number, number, number, number?];
  return [r, g, b].map((c, i) => Math.round(c * a + backdrop[i]! * (1 - a))) as Rgb;
};
const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('contrast of every variant, on the page and on cards (WCAG 1.4.3 text 4.5:1, 1.4.11 non-text 3:1)', () => {
  const { palette } = theme;
  const surfaces: [string, Rgb][] = [
    ['page', parse(palette.background.default, [0, 0, 0])],
    ['card', parse(palette.background.paper, [0, 0, 0])],
  ];

  it.each([
    ['default (primary)', palette.primary.contrastText, palette.primary.main],
    ['default (primary), hovered', palette.primary.contrastText, buttonColours.primaryHoverBg],
    ['default (success: Purchase Tickets)', palette.success.contrastText, palette.success.main],
    ['default (success), hovered', palette.success.contrastText, palette.success.dark],
    ['destructive', buttonColours.destructive.text, buttonColours.destructive.bg],
    ['destructive, hovered', buttonColours.destructive.text, buttonColours.destructive.hoverBg],
    ['secondary', palette.text.primary, buttonColours.secondary.bg],
    ['secondary, hovered', palette.text.primary, buttonColours.secondary.hoverBg],
  ])('%s: its text on its fill', (_name, text, fill) => {
    // contrastText may be translucent (MUI's success: 87 % black): it is read over the fill.
    const ratio = contrast(parse(text, parse(fill, [0, 0, 0])), parse(fill, [0, 0, 0]));
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  it.each(surfaces)('outline, ghost and link text, and a hovered wash, on the %s', (_name, surface) => {
    const hovered = parse(buttonColours.hoverOverlay, surface);
    expect(contrast(parse(palette.text.primary, surface), surface)).toBeGreaterThanOrEqual(4.5); // outline, ghost
    expect(contrast(parse(palette.text.primary, hovered), hovered)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(parse(palette.primary.main, surface), surface)).toBeGreaterThanOrEqual(4.5); // link
  });

  it.each(surfaces)(
    'boundaries on the %s: the outline border, the secondary fill, the focus ring',
    (_name, surface) => {
      expect(contrast(parse(buttonColours.outlineBorder, surface), surface)).toBeGreaterThanOrEqual(3);
      expect(contrast(parse(buttonColours.secondary.bg, surface), surface)).toBeGreaterThanOrEqual(3);
      // the amber focus ring
      expect(contrast(parse(palette.secondary.main, surface), surface)).toBeGreaterThanOrEqual(3);
    },
  );
});
