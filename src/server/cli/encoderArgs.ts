const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/**
 * ffmpeg's arguments for an encoder as an artist's would push (`npm run live:demo`, the live suite,
 * `bench:live`): a source paced in real time, x264 with a keyframe every second (segments are one
 * second), AAC, and every frame stamped with the moment it was captured: the wall clock when ffmpeg
 * read it (`-use_wallclock_as_timestamps`, kept by `-copyts`), which FLV and MPEG-TS carry modulo what
 * they hold. The ingest dates every segment from it, so angles from separate encoders align on the
 * moment, and glass-to-glass latency is the screen's clock minus the frame's. `source` is ffmpeg
 * input arguments for a file (paced: `-re`): its own timestamps are kept and moved to the moment it
 * started (`-output_ts_offset`), since ffmpeg 5.1 paces no frame of a file read with wallclock
 * timestamps. Without one, a test pattern with the feed's name and the time burnt in, and a tone.
 */
export function encoderArgs(o: {
  url: string;
  name: string;
  width: number;
  height: number;
  /** Which container the URL takes: FLV for RTMP, MPEG-TS for SRT. */
  format: 'flv' | 'mpegts';
  videoKbps?: number;
  toneHz?: number;
  source?: string[];
  /** When the `source` starts playing (ms since the epoch): its first frame's capture moment. */
  startedAtMs?: number;
}): string[] {
  const label = o.name.replace(/[^A-Za-z0-9 -]/g, '');
  const wallclock = ['-use_wallclock_as_timestamps', '1'];
  const input = o.source
    ? o.source
    : [
        ...wallclock,
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${o.width}x${o.height}:rate=30,realtime`,
        ...wallclock,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${o.toneHz ?? 440}:sample_rate=48000,arealtime`,
      ];
  const draw =
    `scale=${o.width}:${o.height},drawtext=fontfile=${FONT}:text='${label} %{localtime\\:%T}':x=8:y=8:` +
    'fontsize=h/10:fontcolor=white:box=1:boxcolor=black@0.6';
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    ...input,
    '-copyts',
    ...(o.source ? ['-output_ts_offset', ((o.startedAtMs ?? Date.now()) / 1000).toFixed(3)] : []),
    '-vf',
    draw,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-g',
    '30',
    '-keyint_min',
    '30',
    '-sc_threshold',
    '0',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    `${o.videoKbps ?? 400}k`,
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-ar',
    '48000',
    // MPEG-TS would otherwise shift every timestamp by its default 1.4 s of mux delay.
    '-muxdelay',
    '0',
    '-muxpreload',
    '0',
    '-f',
    o.format,
    o.url,
  ];
}
