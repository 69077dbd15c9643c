import { paths } from '../../lib/paths';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

/** Header links (docs/behaviour.md §2 "Frame"). */
export const headerLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.events, label: SHOP_MESSAGES.upcomingEvents },
] as const;

export const socialLinks = {
  facebook: 'https://www.facebook.com/allaccesslive',
  instagram: 'https://www.instagram.com/allaccesslive',
} as const;
