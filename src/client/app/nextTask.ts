type Scheduler = { yield?: () => Promise<void> };

/**
 * Ends the current task and continues in a new one, so the browser can paint and answer input in
 * between: the start-up work is several short tasks instead of one long one. `scheduler.yield()`
 * (Chromium) resumes ahead of other queued work; elsewhere a message event, which is not clamped
 * like a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The first screen's largest picture, which the server's HTML preloads at high priority, once decoded (or failed). */
function firstPictureDecoded(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"][fetchpriority="high"]');
  if (!link?.href) return Promise.resolve();
  const image = new Image();
  image.src = link.href;
  return image.decode().catch(() => undefined);
}

/**
 * Resolves once the browser has painted the server's HTML with its largest picture: the picture
 * decoded, then a frame, then a task after it. Start-up work that began earlier kept the main thread
 * busy while the picture came in, and its paint (the screen's LCP) waited for that work; on a fast
 * connection the scripts even ran before the first frame. It never waits more than `capMs` (a slow
 * picture; a page in the background, which gets no frames).
 */
export function afterFirstScreenPainted(capMs = 1500): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve();
    };
    void firstPictureDecoded().then(() => requestAnimationFrame(() => void nextTask().then(finish)));
    setTimeout(finish, capMs);
  });
}
