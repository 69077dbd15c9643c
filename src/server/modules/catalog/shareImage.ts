import fs from 'node:fs';
import path from 'node:path';
import { isOwnMediaPath } from '../../../shared/ownMedia';

/** What link previews show: social networks take these, not SVG. */
const RASTER = /\.(jpe?g|png|webp|gif)$/i;
const MEDIA_PREFIX = '/media/';

/**
 * An event's picture for link previews (og:image), from its poster: the poster itself when it is a
 * JPEG, PNG, WebP or GIF; for an SVG poster under /media, the JPEG of the same name beside it when
 * the media folder has one (`npm run share-images:generate` makes them for the demo posters); else
 * null, and the page shows the site's picture. Asked when an event's answer is cached, not per request.
 */
export function shareImageFinder(mediaDir: string) {
  const root = path.resolve(mediaDir);
  return (posterPath: string): string | null => {
    // Only this site's pictures: a path elsewhere (saved before the rule) is no share picture.
    if (!isOwnMediaPath(posterPath)) return null;
    const [pathname = ''] = posterPath.split(/[?#]/);
    if (RASTER.test(pathname)) return posterPath;
    if (!/\.svg$/i.test(pathname)) return null;
    const jpeg = pathname.replace(/\.svg$/i, '.jpg');
    let rel: string;
    try {
      rel = decodeURIComponent(jpeg.slice(MEDIA_PREFIX.length));
    } catch {
      return null;
    }
    const file = path.resolve(root, rel);
    // The catalog's paths are checked on import; this keeps a look-up inside the media folder anyway.
    if (!file.startsWith(`${root}${path.sep}`)) return null;
    return fs.existsSync(file) ? jpeg : null;
  };
}
