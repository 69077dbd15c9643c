/**
 * Generates the demo media under public/media as small HLS VOD renditions:
 *   hero/         8 s looping stage-light background (no audio) for the home page hero
 *   explainer/    20 s "How AllAccess works" clip for /demo
 *   streams/angle-1..9, program, dual, quad   12 s camera angles and composites for the multi-angle player;
 *                 each angle is a small adaptive ladder (v144, v270, v480 renditions with segments
 *                 v144_000.ts…) behind a multi-variant index.m3u8, so a phone's tiles fetch 144p while
 *                 the main angle takes what the bandwidth allows; the composites stay one rendition
 *   streams/free-angle-1..9, free-program, free-dual, free-quad   byte-identical copies for the free demo
 *                 events: a signed URL opens a folder, so free and premium events never share one
 *                 (git stores each identical file once, so the copies cost nothing in the repository)
 *
 * Why: the storefront needs real HLS to exercise hls.js and the multi-angle player, but we must not
 * ship (or license) real concert footage. Everything here is synthesised from ffmpeg's lavfi
 * sources, so it is reproducible, royalty-free and small (under 25 MB in total). Every angle
 * burns in the same running timecode, which makes sync between angles visible at a glance.
 *
 * Run: npx tsx src/server/cli/generateMedia.ts   (needs ffmpeg and ffprobe on PATH)
 * Idempotent: each output folder is deleted and rebuilt; the result is validated with ffprobe.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_STREAM_FOLDERS, FREE_FOLDER_PREFIX } from '../src/server/db/seed/demoStreams';

const ROOT = path.resolve(__dirname, '..');
const MEDIA_DIR = path.join(ROOT, 'public', 'media');
const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const FONT_REGULAR = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FPS = 30;
const GOP = 60; // one keyframe every 2 s, so every 2 s HLS segment starts on a keyframe
const STREAM_SECONDS = 12;
const DURATION_TOLERANCE = 0.5;

interface Job {
  /** Folder relative to public/media. */
  dir: string;
  /** Playlist and segment names inside the folder: index.m3u8 + seg_000.ts unless a ladder rung names them. */
  rendition?: Rung;
  seconds: number;
  /** Filtergraph producing [v] and, when audioKbps is set, [a]. */
  filter: string;
  videoKbps: number;
  audioKbps?: number;
}

// ---------------------------------------------------------------------------------------------
// Process helpers

function run(cmd: string, args: string[]): string {
  const result = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      `${cmd} was not found on PATH. Install ffmpeg (e.g. "apt-get install ffmpeg" or "brew install ffmpeg") and retry.`,
    );
  }
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `${cmd} failed (exit ${result.status}):\n${result.stderr.trim().split('\n').slice(-15).join('\n')}`,
    );
  }
  return result.stdout;
}

function requireTools(): void {
  for (const tool of ['ffmpeg', 'ffprobe']) run(tool, ['-version']);
}

// ---------------------------------------------------------------------------------------------
// Filtergraph building blocks

/** Quotes a filter option value so commas inside expressions survive filtergraph parsing. */
const q = (value: string): string => `'${value}'`;

/** drawtext with the given font, size and placement; box gives a translucent backing plate. */
function text(
  label: string,
  opts: { size: number; x: string; y: string; bold?: boolean; color?: string; box?: string; extra?: string },
): string {
  const parts = [
    `fontfile=${opts.bold === false ? FONT_REGULAR : FONT_BOLD}`,
    `text=${q(label)}`,
    `fontsize=${opts.size}`,
    `fontcolor=${opts.color ?? 'white'}`,
    `x=${q(opts.x)}`,
    `y=${q(opts.y)}`,
  ];
  if (opts.box) parts.push(`box=1`, `boxcolor=${opts.box}`, `boxborderw=${Math.round(opts.size / 4)}`);
  if (opts.extra) parts.push(opts.extra);
  return `drawtext=${parts.join(':')}`;
}

/** Running timecode (HH:MM:SS.mmm of the presentation time), identical on every stream. */
function timecode(size: number, y: string): string {
  return text('%{pts\\:hms}', { size, x: '(w-text_w)/2', y, box: 'black@0.6' });
}

/** Alpha expression fading text in and out over `fade` seconds inside [start, end]. */
function fadeWindow(start: number, end: number, fade = 0.5): string {
  return `enable=${q(`between(t,${start},${end})`)}:alpha=${q(`clip(min((t-${start})/${fade},(${end}-t)/${fade}),0,1)`)}`;
}

/** Mono tone source: sum of quiet sines, optionally gated in time. */
function tone(seconds: number, terms: { freq: number; gain: number; gate?: string }[]): string {
  const expr = terms.map((t) => `${t.gate ? `${t.gate}*` : ''}${t.gain}*sin(2*PI*${t.freq}*t)`).join('+');
  return `aevalsrc=exprs=${q(expr)}:s=48000:d=${seconds}`;
}

// ---------------------------------------------------------------------------------------------
// 1. Hero: stage-light beams computed at low resolution with geq, then upscaled and blurred.
// All motion is a function of sin(2*PI*k*T/8), so frame 240 equals frame 0 and the loop is seamless.

interface Beam {
  sx: number;
  base: number;
  amp: number;
  harm: number;
  phase: number;
  width: number;
  rgb: [number, number, number];
}

const HERO_SECONDS = 8;
const HERO_BEAMS: Beam[] = [
  { sx: 0.18, base: 0.25, amp: 0.35, harm: 1, phase: 0.0, width: 0.09, rgb: [235, 40, 190] }, // magenta
  { sx: 0.5, base: 0.0, amp: 0.45, harm: 1, phase: 2.1, width: 0.07, rgb: [255, 150, 30] }, // amber
  { sx: 0.82, base: -0.25, amp: 0.3, harm: 2, phase: 1.0, width: 0.1, rgb: [130, 40, 255] }, // deep purple
  { sx: 0.35, base: 0.1, amp: 0.3, harm: 1, phase: 4.0, width: 0.06, rgb: [200, 30, 230] }, // magenta
  { sx: 0.66, base: -0.1, amp: 0.35, harm: 1, phase: 5.2, width: 0.06, rgb: [255, 110, 40] }, // amber
];

function beamExpr(b: Beam, index: number): string {
  const cycle = `2*PI*T/${HERO_SECONDS}`;
  const angle = `(${b.base}+${b.amp}*sin(${b.harm}*${cycle}+${b.phase}))`;
  const dy = `(Y/H+0.15)`; // light sources sit just above the frame
  const cone = `exp(-pow((atan((X/W-${b.sx})/${dy})-${angle})/${b.width},2))`;
  const pulse = `(0.7+0.3*sin(2*${cycle}+${index * 1.3}))`;
  return `${cone}*exp(-1.3*${dy})*${pulse}`;
}

function heroChannel(channel: 0 | 1 | 2): string {
  const background = [10, 3, 16][channel];
  const floorColor = [120, 20, 150][channel]; // purple haze on the stage floor
  const floor = `exp(-pow((Y/H-1.05)/0.3,2))*(0.6+0.4*sin(2*PI*T/${HERO_SECONDS}+X/W*3))`;
  const beams = HERO_BEAMS.map((b, i) => `${b.rgb[channel]}*${beamExpr(b, i)}`).join('+');
  return q(`${background}+0.8*(${beams})+${floorColor}*${floor}`);
}

function heroJob(): Job {
  const filter = [
    `color=c=black:s=214x120:r=${FPS}:d=${HERO_SECONDS}`,
    'format=gbrp',
    `geq=r=${heroChannel(0)}:g=${heroChannel(1)}:b=${heroChannel(2)}`,
    'scale=854:480:flags=bicubic',
    'gblur=sigma=5',
    `hue=h=${q(`12*sin(2*PI*t/${HERO_SECONDS})`)}`,
    'vignette=angle=PI/4',
    'format=yuv420p[v]',
  ].join(',');
  return { dir: 'hero', seconds: HERO_SECONDS, filter, videoKbps: 400 };
}

// ---------------------------------------------------------------------------------------------
// 2. Explainer: slow dark gradient, title card, then three captions of 6 s each.

const EXPLAINER_SECONDS = 20;
const CAPTIONS = ['Pick a concert', 'Get your pass', 'Watch from every angle'];

function explainerJob(): Job {
  const titleEnd = 2;
  const video = [
    `gradients=s=854x480:r=${FPS}:d=${EXPLAINER_SECONDS}:n=3:c0=0x3c0c52:c1=0x07020e:c2=0x4c1030:speed=0.004:seed=7`,
    'vignette=angle=PI/4',
    text('How AllAccess works', {
      size: 52,
      x: '(w-text_w)/2',
      y: '(h-text_h)/2',
      extra: fadeWindow(0, titleEnd + 0.3),
    }),
    text('How AllAccess works', {
      size: 22,
      x: '(w-text_w)/2',
      y: '36',
      color: 'white@0.7',
      bold: false,
      extra: fadeWindow(titleEnd, EXPLAINER_SECONDS, 0.6),
    }),
    ...CAPTIONS.flatMap((caption, i) => {
      const start = titleEnd + i * 6;
      const window = fadeWindow(start, start + 6);
      return [
        text(`Step ${i + 1} of ${CAPTIONS.length}`, {
          size: 22,
          x: '(w-text_w)/2',
          y: 'h/2-70',
          color: '0xffb347',
          extra: window,
        }),
        text(caption, { size: 46, x: '(w-text_w)/2', y: '(h-text_h)/2', extra: window }),
      ];
    }),
    'format=yuv420p[v]',
  ].join(',');
  const audio = `${tone(EXPLAINER_SECONDS, [
    { freq: 220, gain: 0.08 },
    { freq: 330, gain: 0.04 },
  ])},afade=t=in:d=1,afade=t=out:st=${EXPLAINER_SECONDS - 1.5}:d=1.5[a]`;
  return { dir: 'explainer', seconds: EXPLAINER_SECONDS, filter: `${video};${audio}`, videoKbps: 300, audioKbps: 48 };
}

// ---------------------------------------------------------------------------------------------
// 3./4. Camera angles: each a distinct moving, tinted pattern with its name burned in.

interface Angle {
  name: string;
  freq: number;
  /** Moving, coloured picture of size w x h. */
  picture: (w: number, h: number) => string;
}

const src = (name: string, w: number, h: number, extra = ''): string =>
  `${name}=s=${w}x${h}:r=${FPS}:d=${STREAM_SECONDS}${extra ? `:${extra}` : ''}`;
/** Small automaton/geq sources are rendered coarse and scaled up (cheap, and easy on the bitrate). */
const coarse = (w: number, h: number, source: string, flags = 'neighbor'): string =>
  `${source},scale=${w}:${h}:flags=${flags}`;
/** Automata evolve at 10 steps/s (repeated to 30 fps) so the low bitrate keeps the burned-in text sharp. */
const SLOW_RATE = 10;

const ANGLES: Angle[] = [
  {
    name: 'Main Stage',
    freq: 220,
    picture: (w, h) => `${src('testsrc2', w, h)},colorize=hue=300:saturation=0.8:mix=0.6`,
  },
  {
    name: 'Stage Left',
    freq: 247,
    picture: (w, h) => `${src('smptebars', w, h)},scroll=h=0.004,colorize=hue=200:saturation=0.7:mix=0.5`,
  },
  {
    name: 'Stage Right',
    freq: 262,
    picture: (w, h) => `${src('testsrc', w, h)},colorize=hue=120:saturation=0.7:mix=0.6`,
  },
  {
    name: 'Crowd View',
    freq: 294,
    picture: (w, h) =>
      coarse(
        w,
        h,
        `life=s=96x54:r=${SLOW_RATE}:seed=4:ratio=0.2:mold=8:life_color=0xffcc33:death_color=0x140800:mold_color=0xff5500,fps=${FPS}`,
      ) + ',gblur=sigma=2',
  },
  {
    name: 'Drums',
    freq: 330,
    // Rings pulsing out from the centre, computed coarse with geq.
    picture: (w, h) => {
      const phase = 'hypot(X-W/2,Y-H/2)/4-T*6';
      return coarse(
        w,
        h,
        `color=c=black:s=160x90:r=${FPS}:d=${STREAM_SECONDS},format=gbrp,geq=r=${q(`120+100*sin(${phase})`)}:g=30:b=${q(`120+100*cos(${phase})`)}`,
        'bicubic',
      );
    },
  },
  {
    name: 'Keys',
    freq: 349,
    picture: (w, h) =>
      coarse(w, h, `cellauto=s=64x36:r=${SLOW_RATE}:rule=110:seed=3:random_fill_ratio=0.5:scroll=1,fps=${FPS}`) +
      ',gblur=sigma=2,format=rgb24,lutrgb=r=20+val*0.1:g=40+val*0.6:b=60+val*0.7',
  },
  {
    name: 'Guitar',
    freq: 392,
    picture: (w, h) => src('gradients', w, h, 'n=3:c0=0xff4400:c1=0x400010:c2=0xffaa00:speed=0.03:seed=9'),
  },
  {
    name: 'Bass',
    freq: 440,
    picture: (w, h) => `${src('rgbtestsrc', w, h)},scroll=v=0.004,colorize=hue=260:saturation=0.9:mix=0.4`,
  },
  {
    name: 'Backstage',
    freq: 494,
    picture: (w, h) =>
      `${src('smptehdbars', w, h)},scroll=h=-0.003,colorize=hue=90:saturation=0.4:mix=0.3,eq=brightness=-0.15`,
  },
];

function angle(name: string): Angle {
  const found = ANGLES.find((a) => a.name === name);
  if (!found) throw new Error(`unknown angle ${name}`);
  return found;
}

/** An angle's picture with its name burned in large; ends with output label [out]. */
function labelledAngle(a: Angle, w: number, h: number, out: string): string {
  const label = text(a.name, { size: Math.round(h * 0.13), x: '(w-text_w)/2', y: '(h-text_h)/2', box: 'black@0.55' });
  return `${a.picture(w, h)},setsar=1,format=yuv420p,${label}[${out}]`;
}

/**
 * One rendition of an angle's ladder. Every rung has the same GOP and segment length, so segment n
 * of each starts at the same moment: the server dates them alike and a level switch stays in sync.
 * 144p at ~100 kbit/s is what a strip tile on a phone shows; 270p is the single rendition of
 * before; 480p is the main angle on a good link. Sized so the whole media stays under 25 MB.
 */
interface Rung {
  name: string;
  width: number;
  height: number;
  videoKbps: number;
}
const LADDER: Rung[] = [
  { name: 'v144', width: 256, height: 144, videoKbps: 64 },
  { name: 'v270', width: 480, height: 270, videoKbps: 120 },
  { name: 'v480', width: 854, height: 480, videoKbps: 300 },
];
const ANGLE_AUDIO_KBPS = 32;

/** The angle's picture at the rung's size; the text scales with the height so every rung looks alike. */
function angleRungJob(index: number, rung: Rung): Job {
  const a = ANGLES[index]!;
  const scale = rung.height / 270;
  const tc = timecode(Math.round(22 * scale), `h-text_h-${Math.round(16 * scale)}`);
  const video = `${labelledAngle(a, rung.width, rung.height, 'tile')};[tile]${tc},format=yuv420p[v]`;
  const audio = `${tone(STREAM_SECONDS, [{ freq: a.freq, gain: 0.12 }])}[a]`;
  return {
    dir: `streams/angle-${index + 1}`,
    rendition: rung,
    seconds: STREAM_SECONDS,
    filter: `${video};${audio}`,
    videoKbps: rung.videoKbps,
    audioKbps: ANGLE_AUDIO_KBPS,
  };
}

/** Program cut: switches to the next angle every 3 s (picture and tone), with a "Program" tally. */
function programJob(): Job {
  const cut = ['Main Stage', 'Stage Left', 'Crowd View', 'Drums'].map(angle);
  const slot = STREAM_SECONDS / cut.length;
  const tiles = cut.map((a, i) => labelledAngle(a, 640, 360, `p${i}`));
  let chain = '[p0]';
  const overlays = cut.slice(1).map((_, i) => {
    const n = i + 1;
    const out = n === cut.length - 1 ? 'cut' : `o${n}`;
    const step = `${chain}[p${n}]overlay=enable=${q(`gte(t,${n * slot})`)}[${out}]`;
    chain = `[${out}]`;
    return step;
  });
  const tally = text('PROGRAM', { size: 20, x: '20', y: '20', box: '0xd0102a@0.9' });
  const video = `[cut]${tally},${timecode(26, 'h-text_h-20')},format=yuv420p[v]`;
  const audio = tone(
    STREAM_SECONDS,
    cut.map((a, i) => ({ freq: a.freq, gain: 0.12, gate: `gte(t,${i * slot})*lt(t,${(i + 1) * slot})` })),
  );
  return {
    dir: 'streams/program',
    seconds: STREAM_SECONDS,
    filter: [...tiles, ...overlays, video, `${audio}[a]`].join(';'),
    videoKbps: 200,
    audioKbps: 32,
  };
}

/** Side-by-side or 2x2 multiview of labelled angles at 640x360, timecode over the middle. */
function multiviewJob(dir: string, names: string[]): Job {
  const cols = 2;
  const rows = Math.ceil(names.length / cols);
  const tiles = names.map((n, i) => labelledAngle(angle(n), 320, 180, `t${i}`));
  const inputs = names.map((_, i) => `[t${i}]`).join('');
  const layout = names.map((_, i) => `${(i % cols) * 320}_${Math.floor(i / cols) * 180}`).join('|');
  const grid = `${inputs}xstack=inputs=${names.length}:layout=${layout}:fill=0x0a0410`;
  const fit = rows === 1 ? ',pad=640:360:0:90:color=0x0a0410' : '';
  const tcY = rows === 1 ? 'h-text_h-30' : '(h-text_h)/2';
  const video = `${grid}${fit},${timecode(22, tcY)},format=yuv420p[v]`;
  const audio = tone(
    STREAM_SECONDS,
    names.map((n) => ({ freq: angle(n).freq, gain: 0.2 / names.length })),
  );
  return {
    dir: `streams/${dir}`,
    seconds: STREAM_SECONDS,
    filter: [...tiles, video, `${audio}[a]`].join(';'),
    videoKbps: 240,
    audioKbps: 32,
  };
}

// ---------------------------------------------------------------------------------------------
// Encoding, validation and reporting

const playlistName = (job: Job): string => (job.rendition ? `${job.rendition.name}.m3u8` : 'index.m3u8');

/** Encodes into the job's folder, which main() has emptied (a ladder's rungs share one folder). */
function encode(job: Job): void {
  const outDir = path.join(MEDIA_DIR, job.dir);
  fs.mkdirSync(outDir, { recursive: true });
  const kbps = job.videoKbps;
  const segmentPattern = job.rendition ? `${job.rendition.name}_%03d.ts` : 'seg_%03d.ts';
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-filter_complex',
    job.filter,
    '-map',
    '[v]',
    ...(job.audioKbps
      ? ['-map', '[a]', '-c:a', 'aac', '-ac', '1', '-ar', '48000', '-b:a', `${job.audioKbps}k`]
      : ['-an']),
    // One encoder thread: x264's frame-threaded rate control is not bit-exact between runs, and
    // byte-identical reruns keep the committed media from churning. These clips encode in seconds anyway.
    '-c:v',
    'libx264',
    '-threads',
    '1',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(FPS),
    '-g',
    String(GOP),
    '-keyint_min',
    String(GOP),
    '-sc_threshold',
    '0',
    '-b:v',
    `${kbps}k`,
    '-maxrate',
    `${Math.round(kbps * 1.3)}k`,
    '-bufsize',
    `${kbps * 2}k`,
    '-t',
    String(job.seconds),
    '-f',
    'hls',
    '-hls_time',
    '2',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(outDir, segmentPattern),
    path.join(outDir, playlistName(job)),
  ];
  run('ffmpeg', args);
}

/** ffprobe the playlist: duration within tolerance, and an audio stream exactly when expected. */
function validate(job: Job): number {
  const playlist = path.join(MEDIA_DIR, job.dir, playlistName(job));
  const probe = JSON.parse(
    run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type,codec_name',
      '-of',
      'json',
      playlist,
    ]),
  ) as {
    format?: { duration?: string };
    streams?: { codec_type: string; codec_name: string }[];
  };
  const duration = Number(probe.format?.duration);
  const kinds = (probe.streams ?? []).map((s) => `${s.codec_type}:${s.codec_name}`);
  const problems: string[] = [];
  if (!(Math.abs(duration - job.seconds) <= DURATION_TOLERANCE))
    problems.push(`duration ${duration}s, expected ${job.seconds}±${DURATION_TOLERANCE}s`);
  if (!kinds.includes('video:h264')) problems.push('no H.264 video stream');
  if (Boolean(job.audioKbps) !== kinds.includes('audio:aac'))
    problems.push(job.audioKbps ? 'missing AAC audio' : 'unexpected audio track');
  if (problems.length) throw new Error(`validation failed for ${job.dir}: ${problems.join('; ')}`);
  return duration;
}

// ---------------------------------------------------------------------------------------------
// The multi-variant playlist of a ladder

/** The segments of a rendition playlist: name and EXTINF duration, in order. */
function segmentsOf(playlist: string): { uri: string; seconds: string }[] {
  const lines = fs.readFileSync(playlist, 'utf8').split('\n');
  return lines.flatMap((line, i) =>
    line.startsWith('#EXTINF:') ? [{ seconds: line.slice(8), uri: lines[i + 1]! }] : [],
  );
}

/** The RFC 6381 codecs of a rendition (H.264 profile and level as hex, AAC-LC), as hls.js checks them. */
function codecsOf(dir: string, firstSegment: string): string {
  const probe = JSON.parse(
    run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,profile,level',
      '-of',
      'json',
      path.join(dir, firstSegment),
    ]),
  ) as {
    streams: { codec_name: string; profile?: string; level?: number }[];
  };
  const profiles: Record<string, string> = { High: '6400', Main: '4d40', 'Constrained Baseline': '42e0' };
  return probe.streams
    .map((s) => {
      if (s.codec_name === 'aac') return 'mp4a.40.2';
      const profile = profiles[s.profile ?? ''];
      if (s.codec_name !== 'h264' || !profile || !s.level)
        throw new Error(`unexpected stream ${JSON.stringify(s)} in ${dir}`);
      return `avc1.${profile}${s.level.toString(16).padStart(2, '0')}`;
    })
    .join(',');
}

/**
 * Writes `index.m3u8` naming each rung (lowest first) with its peak and average bit rate measured
 * from its segments, so the text depends only on the encoded files. Refuses rungs whose segments
 * do not line up one for one: the server dates segment n of every rung alike.
 */
function writeMasterPlaylist(dir: string, rungs: Rung[]): void {
  const outDir = path.join(MEDIA_DIR, dir);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  let reference: string | null = null;
  for (const rung of rungs) {
    const segments = segmentsOf(path.join(outDir, `${rung.name}.m3u8`));
    const durations = segments.map((s) => s.seconds).join(' ');
    reference ??= durations;
    if (durations !== reference)
      throw new Error(
        `${dir}/${rung.name} segments (${durations}) do not line up with the first rung's (${reference})`,
      );
    const measured = segments.map((s) => ({
      bits: fs.statSync(path.join(outDir, s.uri)).size * 8,
      seconds: Number.parseFloat(s.seconds),
    }));
    const bits = measured.map((m) => m.bits / m.seconds);
    const total = measured.reduce((sum, m) => sum + m.bits, 0) / measured.reduce((sum, m) => sum + m.seconds, 0);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.ceil(Math.max(...bits))},AVERAGE-BANDWIDTH=${Math.ceil(total)},RESOLUTION=${rung.width}x${rung.height},FRAME-RATE=${FPS}.000,CODECS="${codecsOf(outDir, segments[0]!.uri)}"`,
      `${rung.name}.m3u8`,
    );
  }
  fs.writeFileSync(path.join(outDir, 'index.m3u8'), `${lines.join('\n')}\n`);
}

/** Copies a demo stream folder to the free events' folder of the same name (streams/free-…); null for other jobs. */
function copyForFreeEvents(jobDir: string): string | null {
  const dir = jobDir.startsWith('streams/') ? jobDir.slice('streams/'.length) : '';
  if (!(DEMO_STREAM_FOLDERS as readonly string[]).includes(dir)) return null;
  const copy = `streams/${FREE_FOLDER_PREFIX}${dir}`;
  fs.rmSync(path.join(MEDIA_DIR, copy), { recursive: true, force: true });
  fs.cpSync(path.join(MEDIA_DIR, jobDir), path.join(MEDIA_DIR, copy), { recursive: true });
  return copy;
}

function sizeOf(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;

function allJobs(): Job[] {
  return [
    heroJob(),
    explainerJob(),
    ...ANGLES.flatMap((_, i) => LADDER.map((rung) => angleRungJob(i, rung))),
    programJob(),
    multiviewJob('dual', ['Stage Left', 'Stage Right']),
    multiviewJob('quad', ['Main Stage', 'Crowd View', 'Drums', 'Guitar']),
  ];
}

/** Optional arguments restrict the run to some folders, e.g. `streams/angle-5 hero`. */
function main(only: string[]): void {
  requireTools();
  const jobs = allJobs().filter((job) => only.length === 0 || only.includes(job.dir));
  if (jobs.length === 0) throw new Error(`no output folder matches ${only.join(', ')}`);
  const dirs = [...new Set(jobs.map((job) => job.dir))];
  for (const dir of dirs) {
    const started = Date.now();
    fs.rmSync(path.join(MEDIA_DIR, dir), { recursive: true, force: true });
    const folderJobs = jobs.filter((job) => job.dir === dir);
    const durations = folderJobs.map((job) => {
      encode(job);
      return validate(job);
    });
    const rungs = folderJobs.flatMap((job) => (job.rendition ? [job.rendition] : []));
    if (rungs.length) writeMasterPlaylist(dir, rungs);
    const segments = fs.readdirSync(path.join(MEDIA_DIR, dir)).filter((f) => f.endsWith('.ts')).length;
    const secs = ((Date.now() - started) / 1000).toFixed(1);
    const what = rungs.length ? `${rungs.length} renditions` : '1 rendition ';
    console.log(
      `made public/media/${dir.padEnd(18)} ${Math.min(...durations).toFixed(2)} s  ${what}  ${segments} segments  ${kb(sizeOf(path.join(MEDIA_DIR, dir))).padStart(7)}  (${secs} s)`,
    );
    const copy = copyForFreeEvents(dir);
    if (copy) console.log(`copied to public/media/${copy}`);
  }
  console.log(`total public/media: ${(sizeOf(MEDIA_DIR) / 1024 / 1024).toFixed(2)} MB`);
}
try {
  main(process.argv.slice(2));
} catch (err) {
  console.error(`generateMedia: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
