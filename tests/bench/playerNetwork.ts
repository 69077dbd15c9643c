import type { CDPSession, Page } from 'puppeteer';

/** One finished response of the protected media: its folder, its file, its bytes on the wire, when it finished. */
export type MediaTransfer = { dir: string; file: string; bytes: number; at: number };

/** A signed on-demand media URL: /media/signed/<sig>/<expires>/<grant>/streams/<folder>/<file>. */
const MEDIA_PATH = /\/media\/signed\/[^/]+\/\d+\/[^/]+\/streams\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+\.(?:m3u8|ts))$/;

/**
 * Records every signed on-demand media response the page's network stack finished (CDP Network domain:
 * encodedDataLength is the bytes received, headers included, as they crossed the emulated link).
 * hls.js fetches playlists and segments from the page's own thread (its worker only transmuxes),
 * so the page's emulated conditions and this record see all of them.
 */
export async function recordMediaTransfers(page: Page): Promise<{ cdp: CDPSession; transfers: MediaTransfer[] }> {
  const cdp = await page.createCDPSession();
  const transfers: MediaTransfer[] = [];
  const urls = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e) => {
    const m = MEDIA_PATH.exec(urls.get(e.requestId) ?? '');
    urls.delete(e.requestId);
    if (m) transfers.push({ dir: m[1]!, file: m[2]!, bytes: e.encodedDataLength, at: Date.now() });
  });
  await cdp.send('Network.enable');
  return { cdp, transfers };
}

/** The angle a media folder plays: 1–9 for (free-)angle-N, 0 for the program cut, null for the others. */
export function angleOfDir(dir: string): number | null {
  const m = /(?:^|-)angle-(\d)$/.exec(dir);
  if (m) return Number(m[1]);
  return /(?:^|-)program$/.test(dir) ? 0 : null;
}

/** The rung a segment belongs to ('v480' of v480_003.ts), or 'single' for a one-rendition feed. */
export const rungOfFile = (file: string) => /^(v\d+)_\d+\.ts$/.exec(file)?.[1] ?? 'single';

/**
 * A phone on a 4G-class link: 390×844 at 3 device pixels, touch, CPU 4× slower, ~9 Mbit/s down,
 * ~170 ms round trip. The browser cache is off so each segment crosses the link as it would in a
 * live show (the 12 s demo clips loop, and a warm cache would hide the network).
 */
export const PHONE = {
  viewport: { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  cpu: 4,
  downKbps: 9000,
  upKbps: 3000,
  rttMs: 170,
};

export async function emulatePhone(page: Page, cdp: CDPSession): Promise<void> {
  await page.setViewport(PHONE.viewport);
  await page.setCacheEnabled(false);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpu });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.rttMs,
    downloadThroughput: (PHONE.downKbps * 1000) / 8,
    uploadThroughput: (PHONE.upKbps * 1000) / 8,
  });
}
