import { paths } from '../../app/paths';

/** Header links (spec §2 "Shell"). */
export const headerLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.events, label: 'Upcoming Events' },
] as const;

/** The provider's about site, where the footer's company links point. */
export const PROVIDER_SITE = 'https://about.allaccess.live';

export const footerExternalLinks = [
  { href: `${PROVIDER_SITE}/support`, label: 'Support' },
  { href: `${PROVIDER_SITE}/contact`, label: 'Contact' },
  { href: `${PROVIDER_SITE}/about`, label: 'About' },
  { href: `${PROVIDER_SITE}/terms`, label: 'Terms' },
  { href: `${PROVIDER_SITE}/privacy`, label: 'Privacy' },
] as const;

export const socialLinks = {
  facebook: 'https://www.facebook.com/allaccesslive',
  instagram: 'https://www.instagram.com/allaccesslive',
} as const;
