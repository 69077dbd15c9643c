/** MPEG-TS timestamps wrap at 2^33 ticks of 90 kHz, FLV's at 2^32 ms: a capture clock is sent modulo these. */
const WRAP_S = { flv: 2 ** 32 / 1000, mpegts: 2 ** 33 / 90_000 } as const;

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/**
 * ffmpeg's arguments for an encoder as an artist's would push (`npm run live:demo`, the live suite,
 * `bench:live`): a source, x264 with a keyframe every second (segments are one second), AAC, and
 * timestamps on the encoder's capture clock (wall-clock seconds modulo what the container holds,
 * taken when ffmpeg starts: the ingest dates every segment from them). `source` is ffmpeg input
 * arguments; without one, a test pattern with the feed's name and the capture time burnt in and a tone.
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
  nowMs?: number;
}): string[] {
  const clock = ((o.nowMs ?? Date.now()) / 1000) % WRAP_S[o.format];
  const label = o.name.replace(/[^A-Za-z0-9 -]/g, '');
  const input = o.source ?? [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${o.width}x${o.height}:rate=30`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${o.toneHz ?? 440}:sample_rate=48000`,
  ];
  const draw =
    `scale=${o.width}:${o.height},drawtext=fontfile=${FONT}:text='${label} %{localtime\\:%T}':x=8:y=8:` +
    'fontsize=h/10:fontcolor=white:box=1:boxcolor=black@0.6';
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-re',
    ...input,
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
    '-output_ts_offset',
    clock.toFixed(3),
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
