import fs from 'node:fs';

/** CHROME_PATH when set (and then only it: a wrong path is a mistake to report), else Debian's Chromium. */
export function findChromium(): string | null {
  const candidates = process.env.CHROME_PATH
    ? [process.env.CHROME_PATH]
    : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

/**
 * The journeys' browser. Where Debian's chromium-headless-shell is installed (and CHROME_PATH does not
 * name another), the shell: Chromium's engine without the browser's window layer, which puppeteer
 * drives as `headless: 'shell'`. A fresh context's first page cost it half the CPU (a page of the shop
 * 0.5 core-s against 1.3 in Chromium's headless mode, measured with /proc over nine loads), and the
 * journeys open hundreds on two cores. Else Chromium itself, headless.
 */
export function journeyChromium({ fullBrowser = false } = {}): {
  executablePath: string;
  headless: true | 'shell';
} | null {
  const shell = '/usr/bin/chromium-headless-shell';
  if (!fullBrowser && !process.env.CHROME_PATH && fs.existsSync(shell))
    return { executablePath: shell, headless: 'shell' };
  const executablePath = findChromium();
  return executablePath ? { executablePath, headless: true } : null;
}

/**
 * Chromium's shared memory goes to /tmp (a disk here) only where /dev/shm is too small for it, as in a
 * container's 64 MB default; a roomy /dev/shm keeps it in memory (less system time per page).
 */
const smallDevShm = (): boolean => {
  try {
    const { bsize, blocks } = fs.statfsSync('/dev/shm');
    return bsize * blocks < 1024 ** 3;
  } catch {
    return true;
  }
};

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  ...(smallDevShm() ? ['--disable-dev-shm-usage'] : []),
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];
