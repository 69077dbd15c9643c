import fs from 'node:fs';

/** CHROME_PATH when set (and then only it: a wrong path is a mistake to report), else Debian's Chromium. */
export function findChromium(): string | null {
  const candidates = process.env.CHROME_PATH
    ? [process.env.CHROME_PATH]
    : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];
