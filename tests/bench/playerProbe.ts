import type { Page } from 'puppeteer';

/**
 * Watches every <video> of a page from the document's first script on: when each first played
 * (ms since the page's navigation start), and on demand where each one is. Media events do not bubble, so the
 * listener captures them on the document. Shared by the player's e2e journey and bench:player.
 */
/**
 * A `waiting` event of a video that had played: when (ms since navigation start), how long (null: still waiting),
 * whether it was a seek.
 */
export type Stall = { label: string; at: number; ms: number | null; seeking: boolean };

export type MediaSnapshot = {
  playingSince: Record<string, number>;
  stalls: Stall[];
  videos: { label: string; currentTime: number; playing: boolean; main: boolean }[];
};

export async function installMediaProbe(page: Page): Promise<void> {
  // tsx compiles with esbuild's keepNames, which wraps named functions in __name(…): functions this
  // file hands to the page need that helper there too.
  await page.evaluateOnNewDocument('globalThis.__name ??= (fn) => fn;');
  await page.evaluateOnNewDocument(() => {
    const probe = {
      playingSince: {} as Record<string, number>,
      stalls: [] as { label: string; at: number; ms: number | null; seeking: boolean }[],
    };
    (window as unknown as { __mediaProbe: typeof probe }).__mediaProbe = probe;
    const mark = (event: Event) => {
      const video = event.target as HTMLVideoElement;
      if (!(video instanceof HTMLVideoElement) || video.currentTime <= 0) return;
      const label = video.getAttribute('aria-label') ?? '';
      probe.playingSince[label] ??= performance.now();
    };
    document.addEventListener('timeupdate', mark, true);
    // A stall: a video that has played waits for data again; it ends when the video plays on.
    document.addEventListener(
      'waiting',
      (event) => {
        const video = event.target as HTMLVideoElement;
        const label = video.getAttribute('aria-label') ?? '';
        if (!(video instanceof HTMLVideoElement) || probe.playingSince[label] === undefined) return;
        probe.stalls.push({ label, at: performance.now(), ms: null, seeking: video.seeking });
      },
      true,
    );
    document.addEventListener(
      'playing',
      (event) => {
        const label = (event.target as HTMLElement).getAttribute?.('aria-label') ?? '';
        const open = probe.stalls.findLast((s) => s.label === label && s.ms === null);
        if (open) open.ms = performance.now() - open.at;
      },
      true,
    );
    document.addEventListener(
      'emptied',
      (event) => {
        const video = event.target as HTMLVideoElement;
        if (video instanceof HTMLVideoElement) delete probe.playingSince[video.getAttribute('aria-label') ?? ''];
      },
      true,
    );
  });
}

export function mediaSnapshot(page: Page): Promise<MediaSnapshot> {
  return page.evaluate(() => ({
    playingSince: { ...(window as unknown as { __mediaProbe: MediaSnapshot }).__mediaProbe.playingSince },
    stalls: (window as unknown as { __mediaProbe: MediaSnapshot }).__mediaProbe.stalls.map((s) => ({ ...s })),
    videos: Array.from(document.querySelectorAll('video')).map((v) => ({
      label: v.getAttribute('aria-label') ?? '',
      currentTime: v.currentTime,
      playing: !v.paused && v.readyState >= 3,
      main: v.closest('[data-main="true"]') !== null,
    })),
  }));
}
