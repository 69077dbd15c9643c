/**
 * Link previews (og:image, twitter:image): social networks and chat apps take JPEG or PNG at about
 * 1.91:1 and at least 600×315; 1200×630 is what they all show in full. `site` is the shop's own
 * picture, for pages that have none of their own (scripts/generateShareImages.ts makes it).
 */
export const SHARE_IMAGE = {
  width: 1200,
  height: 630,
  site: '/media/share/allaccess.jpg',
  siteAlt: 'AllAccess: live and on-demand concerts, every camera angle',
} as const;
