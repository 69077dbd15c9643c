/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium-based browsers). It is
 * caught as soon as the app starts, kept for the install banner's 'Install App', and dropped once
 * used or once the app is installed. An Event is not serializable, so it lives here, not in Redux.
 */
type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: InstallPromptEvent | null = null;

export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own mini-infobar away: the banner offers installation instead.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
  });
}

/** Read when 'Install App' is pressed: the banner shows the same whether or not an offer has come. */
export const installPrompt = {
  current: () => deferred,
  /** Shows the browser's install dialog (once: a prompt cannot be reused) and says what was chosen. */
  async show(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    const event = deferred;
    if (!event) return 'unavailable';
    deferred = null;
    await event.prompt();
    return (await event.userChoice).outcome;
  },
};
