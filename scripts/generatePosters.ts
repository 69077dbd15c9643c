import fs from 'node:fs';
import path from 'node:path';
import { demoEvents, type DemoEvent } from '../src/server/db/seed/demoEvents';

/**
 * `npm run posters:generate`: writes the demo catalog's posters (16:9) and carousel slides as SVG
 * into public/media, from each event's title, venue and palette. SVG keeps them sharp on any screen
 * and a few KB each; the output is committed so running the product needs nothing extra.
 */
const OUT = path.resolve(__dirname, '../public/media');

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy word wrap by character count (SVG has no text flow). */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > maxChars && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines);
}

/** A deterministic pseudo-random sequence per event, so posters are stable between runs. */
function seeded(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

function stageLights(e: DemoEvent, w: number, h: number): string {
  const rand = seeded(e.path);
  const [a, b] = e.palette;
  const beams = Array.from({ length: 6 }, (_, i) => {
    const x = (w / 6) * i + rand() * (w / 6);
    const spread = 80 + rand() * 160;
    const color = i % 2 ? a : b;
    return `<polygon points="${x.toFixed(0)},0 ${(x - spread).toFixed(0)},${h} ${(x + spread).toFixed(0)},${h}" fill="${color}" opacity="${(0.08 + rand() * 0.12).toFixed(2)}"/>`;
  }).join('');
  const dots = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${(rand() * w).toFixed(0)}" cy="${(h * 0.55 + rand() * h * 0.45).toFixed(0)}" r="${(2 + rand() * 5).toFixed(1)}" fill="#fff" opacity="${(0.15 + rand() * 0.4).toFixed(2)}"/>`,
  ).join('');
  const crowd = Array.from({ length: 28 }, (_, i) => {
    const cx = (w / 27) * i;
    const r = 30 + rand() * 30;
    return `<circle cx="${cx.toFixed(0)}" cy="${(h + 10 - rand() * 30).toFixed(0)}" r="${r.toFixed(0)}" fill="#000" opacity="0.55"/>`;
  }).join('');
  return beams + dots + crowd;
}

/** A poster; a carousel slide is `textless`: the hero draws its own live text over the picture. */
function poster(
  e: DemoEvent,
  w: number,
  h: number,
  opts: { headline?: string; tagline?: string; textless?: boolean } = {},
): string {
  const [a, b, bg] = e.palette;
  const title = wrap(opts.headline ?? e.title, w > 1500 ? 26 : 22, 3);
  const size = w > 1500 ? 96 : 64;
  const top = h * 0.5 - ((title.length - 1) * size * 1.1) / 2;
  const titleSvg = title
    .map(
      (l, i) =>
        `<text x="${w * 0.06}" y="${(top + i * size * 1.1).toFixed(0)}" font-size="${size}" font-weight="800" fill="#fff" letter-spacing="-1">${esc(l)}</text>`,
    )
    .join('');
  const text = opts.textless
    ? ''
    : `<g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif">
<text x="${w * 0.06}" y="${(top - size * 1.2).toFixed(0)}" font-size="${size * 0.32}" font-weight="700" fill="${a}" letter-spacing="4">${esc((opts.tagline ?? e.label).toUpperCase())}</text>
${titleSvg}
<text x="${w * 0.06}" y="${(top + title.length * size * 1.1 + size * 0.2).toFixed(0)}" font-size="${size * 0.36}" fill="#fff" opacity="0.85">${esc(`${e.venue} · ${e.city}`)}</text>
</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(e.title)}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="0.55" stop-color="${b}" stop-opacity="0.55"/><stop offset="1" stop-color="${a}" stop-opacity="0.85"/></linearGradient>
<radialGradient id="glow" cx="0.75" cy="0.2" r="0.7"><stop offset="0" stop-color="${a}" stop-opacity="0.7"/><stop offset="1" stop-color="${bg}" stop-opacity="0"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.65"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/></linearGradient>
</defs>
<rect width="${w}" height="${h}" fill="${bg}"/><rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#glow)"/>
${stageLights(e, w, h)}
<rect width="${w}" height="${h}" fill="url(#shade)"/>
${text}</svg>
`;
}

function write(rel: string, svg: string) {
  const file = path.join(OUT, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg);
  return file;
}

const byPath = (p: string) => demoEvents.find((e) => e.path === p)!;
const written = [
  ...demoEvents.map((e) => write(`posters/${e.path}.svg`, poster(e, 1280, 720))),
  write('carousel/neon-harbor.svg', poster(byPath('neon-harbor-tidal-lights'), 1920, 1080, { textless: true })),
  write('carousel/echo-parade.svg', poster(byPath('echo-parade-arena-night'), 1920, 1080, { textless: true })),
  write('carousel/amber-radio.svg', poster(byPath('amber-radio-intimate-evening'), 1920, 1080, { textless: true })),
  write(
    'carousel/every-angle.svg',
    poster(byPath('pulse-district-festival-main-stage'), 1920, 1080, { textless: true }),
  ),
  // The /demo explainer's poster: a stage in the shop's magenta, with no text (the page names the video).
  write(
    'explainer/poster.svg',
    poster({ ...byPath('neon-harbor-tidal-lights'), path: 'explainer', title: 'How AllAccess works' }, 1280, 720, {
      textless: true,
    }),
  ),
];
const bytes = written.reduce((n, f) => n + fs.statSync(f).size, 0);
console.log(`Wrote ${written.length} SVGs (${(bytes / 1024).toFixed(0)} KB) into ${path.relative(process.cwd(), OUT)}`);
