import Box, { type BoxProps } from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { whenLoadedAndIdle } from './afterFirstScreen';

type Props = {
  src: string;
  muted?: boolean;
  /** Holds an autoplaying video still (a pause control for moving content, WCAG 2.2.2). */
  paused?: boolean;
  loop?: boolean;
  autoPlay?: boolean;
  controls?: boolean;
  poster?: string;
  label: string;
  sx?: BoxProps['sx'];
};

/**
 * Plays an HLS manifest. hls.js is loaded on demand (its own chunk) and only where a video plays;
 * browsers that play HLS natively and lack MediaSource get the manifest directly. Everything is torn
 * down when the component leaves.
 */
export function HlsVideo({
  src,
  muted = false,
  paused = false,
  loop = false,
  autoPlay = false,
  controls = false,
  poster,
  label,
  sx,
}: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // The poster is what the first screen shows: fetched early and first (React puts the hint in <head>).
  if (poster) preload(poster, { as: 'image', fetchPriority: 'high' });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    let destroyed = false;
    let hls: { destroy(): void } | null = null;
    setFailed(false);

    // The poster is the first screen; hls.js (a large chunk: its light build, which plays what a
    // page video needs) and the stream come once the page has loaded and is idle.
    const cancelStart = whenLoadedAndIdle(
      () =>
        void import(/* webpackChunkName: "hls-light" */ 'hls.js/light').then(
          ({ default: Hls }) => {
            if (destroyed) return;
            if (Hls.isSupported()) {
              const instance = new Hls({ capLevelToPlayerSize: true, maxBufferLength: 20, backBufferLength: 10 });
              hls = instance;
              instance.on(Hls.Events.ERROR, (_event, data) => {
                if (data.fatal) setFailed(true);
              });
              instance.loadSource(src);
              instance.attachMedia(video);
            } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
              video.src = src;
            } else {
              setFailed(true);
            }
          },
          () => setFailed(true),
        ),
    );

    return () => {
      destroyed = true;
      cancelStart();
      hls?.destroy();
      video.removeAttribute('src');
      video.load();
    };
  }, [src]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (paused) video.pause();
    // Resuming only what was playing on its own; a video with controls is the visitor's to start.
    else if (autoPlay && video.paused && video.readyState > 0) void video.play().catch(() => undefined);
  }, [paused, autoPlay]);

  return (
    <Box
      component="video"
      ref={videoRef}
      aria-label={label}
      data-failed={failed || undefined}
      muted={muted}
      loop={loop}
      autoPlay={autoPlay}
      controls={controls}
      playsInline
      poster={poster}
      preload="metadata"
      sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', bgcolor: 'black', ...sx }}
    />
  );
}
