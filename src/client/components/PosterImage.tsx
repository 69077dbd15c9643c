import Box from '@mui/material/Box';
import { useState } from 'react';
import { isOwnMediaPath } from '../../shared/ownMedia';

const FALLBACK =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 9'%3E%3Crect width='16' " +
  "height='9' fill='%2316141f'/%3E%3C/svg%3E";

/**
 * A 16:9 poster with its size reserved (no layout shift), lazy below the fold, a plain panel if it
 * fails or is none of this site's pictures (a path elsewhere, saved before the console refused
 * them: the server render would preload it from there). `eager`: on the first screen; `first`: the
 * first screen's largest picture, fetched first.
 */
export function PosterImage({
  src,
  alt,
  eager = false,
  first = false,
}: {
  src: string;
  alt: string;
  eager?: boolean;
  first?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <Box
      component="img"
      src={failed || !isOwnMediaPath(src) ? FALLBACK : src}
      alt={alt}
      width={1280}
      height={720}
      loading={eager || first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
      sx={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: '16 / 9',
        objectFit: 'cover',
        bgcolor: 'background.paper',
      }}
    />
  );
}
