import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium';
import { SHARE_IMAGE } from '../src/shared/shareImage';

/**
 * `npm run share-images:generate`: the pictures link previews show. Social networks and chat apps take
 * JPEG or PNG, not the demo posters' SVG, at about 1.91:1: each poster is rendered in Chromium to a
 * 1200×630 JPEG beside it (`posters/<name>.jpg`, which the server offers as the event's share image),
 * and the site's own picture (`share/allaccess.jpg`) from the festival slide with the wordmark. The
 * JPEGs are committed, so running the product needs no browser.
 */
const MEDIA = path.resolve(__dirname, '../public/media');
const { width, height } = SHARE_IMAGE;

const page = (inner: string) =>
  `<style>html,body{margin:0;background:#0b0a12;width:${width}px;height:${height}px;overflow:hidden}` +
  `img{display:block;width:${width}px;height:${height}px;object-fit:cover}</style>${inner}`;

const dataUrl = (file: string) => `data:image/svg+xml;base64,${fs.readFileSync(file).toString('base64')}`;

/** The site's picture: the festival slide, the wordmark and the footer's tagline over it. */
const sitePicture = () =>
  page(
    `<img src="${dataUrl(path.join(MEDIA, 'carousel/every-angle.svg'))}" alt="">` +
      `<div style="position:absolute;inset:0;display:flex;flex-direction:column;justify-content:center;` +
      `padding:0 88px;font-family:system-ui,sans-serif;color:#fff;background:linear-gradient(90deg,#000a,#0000)">` +
      `<div style="font-size:112px;font-weight:800;letter-spacing:-2px">All<span style="color:#ff3d7f">Access` +
      `</span></div><div style="font-size:44px;font-weight:600;opacity:.9">Your All-Access Pass</div>` +
      `<div style="font-size:32px;opacity:.8;margin-top:12px">Live and on-demand concerts, every camera angle</div>` +
      `</div>`,
  );

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (apt-get install chromium, or set CHROME_PATH)');
  const browser = await puppeteer.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const tab = await browser.newPage();
    await tab.setViewport({ width, height });
    const shoot = async (html: string, rel: string) => {
      await tab.setContent(html, { waitUntil: 'load' });
      const out = path.join(MEDIA, rel);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      await tab.screenshot({ path: out as `${string}.jpeg`, type: 'jpeg', quality: 82 });
      console.log(`wrote public/media/${rel} (${(fs.statSync(out).size / 1024).toFixed(0)} KB)`);
    };
    const posters = fs.readdirSync(path.join(MEDIA, 'posters')).filter((f) => f.endsWith('.svg'));
    for (const svg of posters) {
      await shoot(
        page(`<img src="${dataUrl(path.join(MEDIA, 'posters', svg))}" alt="">`),
        `posters/${svg.replace(/\.svg$/, '.jpg')}`,
      );
    }
    await shoot(sitePicture(), SHARE_IMAGE.site.replace(/^\/media\//, ''));
  } finally {
    await browser.close();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
