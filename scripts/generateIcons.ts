import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium';

/**
 * `npm run icons:generate`: renders the app icons of the web app manifest (public/icons/*.png) from
 * the wordmark letter in Chromium. The PNGs are committed, so running the product needs no browser.
 * "any" icons keep the rounded tile; the maskable one fills the square and keeps the letter inside
 * the 80 % safe zone that launchers may crop to a circle.
 */
const OUT_DIR = path.resolve(__dirname, '../public/icons');
const LETTER = 'M14 48 28 14h8l14 34h-8l-3-8H25l-3 8zm13.5-15h9L32 21z';
const svg = (maskable: boolean) =>
  maskable
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b0a12"/><g transform="translate(12.8 12.8) scale(0.6)"><path d="${LETTER}" fill="#ff3d7f"/></g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b0a12"/><path d="${LETTER}" fill="#ff3d7f"/></svg>`;
const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS ignores the manifest's icons and rounds corners itself: a full square.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (apt-get install chromium, or set CHROME_PATH)');
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const browser = await puppeteer.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    for (const icon of ICONS) {
      await page.setViewport({ width: icon.size, height: icon.size });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:${icon.size}px;height:${icon.size}px}</style>${svg(icon.maskable)}`,
      );
      await page.screenshot({ path: path.join(OUT_DIR, icon.file) as `${string}.png`, omitBackground: true });
      console.log(`wrote public/icons/${icon.file} (${icon.size}×${icon.size})`);
    }
  } finally {
    await browser.close();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
