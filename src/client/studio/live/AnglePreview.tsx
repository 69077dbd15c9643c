import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { STUDIO_LIVE_MESSAGES } from '../../../shared/contract/studioLive';
import { apiHost } from '../../api/apiHost';
import { selectRequestToken } from '../../features/auth/authSelectors';
import { useAppSelector } from '../../lib/hooks';

/** How often a live feed's picture is fetched again (the server keeps one a few seconds). */
const PREVIEW_REFRESH_MS = 5000;
const SHOWN_HEIGHT = 90;

/**
 * A small picture of a feed. The preview needs the organizer's token, which an <img src> cannot
 * send: it is fetched as a blob and shown through an object URL, again every few seconds while the
 * feed is live; each replaced URL is revoked, and the last one when the row goes away.
 */
export function AnglePreview({ path, live, name }: { path: string | null; live: boolean; name: string }) {
  const token = useAppSelector(selectRequestToken);
  const [src, setSrc] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!path) return;
    let stopped = false;
    let current: string | null = null;
    const load = async () => {
      try {
        const res = await fetch(`${apiHost()}${path}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        if (stopped) return;
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          if (!stopped) setFailure(body?.message || STUDIO_LIVE_MESSAGES.noPreview);
          return;
        }
        const blob = await res.blob();
        if (stopped) return;
        const next = URL.createObjectURL(blob);
        if (current) URL.revokeObjectURL(current);
        current = next;
        setSrc(next);
        setFailure(null);
      } catch {
        // A missed refresh keeps the last picture; the next tick tries again.
      }
    };
    void load();
    const timer = live ? setInterval(() => void load(), PREVIEW_REFRESH_MS) : undefined;
    return () => {
      stopped = true;
      clearInterval(timer);
      if (current) URL.revokeObjectURL(current);
      setSrc(null);
    };
  }, [path, live, token]);

  const box = { width: (SHOWN_HEIGHT * 16) / 9, height: SHOWN_HEIGHT, bgcolor: 'grey.900', borderRadius: 1 };
  if (!path || (!src && failure))
    return (
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 200 }}>
        {failure ?? 'No picture yet'}
      </Typography>
    );
  return src ? (
    <Box
      component="img"
      src={src}
      alt={`Preview of ${name}`}
      height={SHOWN_HEIGHT}
      sx={{ ...box, objectFit: 'contain', display: 'block' }}
    />
  ) : (
    <Box sx={box} role="img" aria-label={`Preview of ${name}: loading`} />
  );
}
