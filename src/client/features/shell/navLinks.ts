import { paths } from '../../lib/paths';

/** Header links (docs/behaviour.md §2 "Frame"). */
export const headerLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.events, label: 'Upcoming Events' },
] as const;

export const socialLinks = {
  facebook: 'https://www.facebook.com/allaccesslive',
  instagram: 'https://www.instagram.com/allaccesslive',
} as const;
