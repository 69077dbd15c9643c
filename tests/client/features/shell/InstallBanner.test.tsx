import { act, fireEvent, screen, within } from '@testing-library/react';
import { INSTALL_BANNER } from '../../../../src/shared/constants';
import { InstallBanner } from '../../../../src/client/features/shell/InstallBanner';
import {
  INSTALL_BANNER_AWAY_DAYS,
  INSTALL_BANNER_HIDDEN_AT_KEY,
} from '../../../../src/client/features/shell/installBannerRest';
import { detectPlatform } from '../../../../src/client/features/shell/devicePlatform';
import { captureInstallPrompt } from '../../../../src/client/features/shell/installPrompt';
import { renderWithProviders } from '../../../utils/renderWithProviders';

/**
 * docs/behaviour.md §2 install banner: who sees it, what it says, Install App (the browser's offer, else its
 * menu), dismiss, 5 s auto-hide, and 14 days away once it has gone.
 */
const UA = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile ' +
    'Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
    'Version/18.0 Mobile/15E148 Safari/604.1',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 ' +
    'Safari/605.1.15',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
};
function onDevice(ua: string, { touchPoints = 0, standalone = false } = {}) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => ua });
  Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, get: () => touchPoints });
  window.matchMedia = ((query: string) => ({
    matches: standalone && query === '(display-mode: standalone)',
  })) as unknown as typeof window.matchMedia;
}
captureInstallPrompt();
/** What Chromium dispatches when the app can be installed; prompt() and the choice are recorded. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: jest.fn().mockResolvedValue(undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}
const banner = () => screen.queryByRole('complementary', { name: 'Install app' });
const advance = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  window.dispatchEvent(new Event('appinstalled'));
  jest.useRealTimers();
});

describe('who sees it', () => {
  it('an Android browser at once, without waiting for an install offer: the text and Install App', () => {
    onDevice(UA.android);
    renderWithProviders(<InstallBanner />);
    expect(banner()).toHaveTextContent(INSTALL_BANNER.text);
    expect(screen.getByRole('button', { name: INSTALL_BANNER.installButton })).toBeVisible();
    expect(screen.queryByText(INSTALL_BANNER.iosInstruction)).toBeNull();
    expect(screen.queryByText(INSTALL_BANNER.menuInstruction)).toBeNull();
    // The offer, when it comes, keeps the browser's own mini-infobar away and changes nothing shown.
    const offer = offerInstall();
    expect(offer.defaultPrevented).toBe(true);
    expect(banner()).toHaveTextContent(INSTALL_BANNER.text);
  });

  it.each([
    ['iPhone', UA.iphone, 0],
    ['iPad (iPadOS says Macintosh)', UA.ipadOs, 5],
  ])('%s: the iOS instruction instead of the button, without any offer', (_n, ua, touchPoints) => {
    onDevice(ua, { touchPoints });
    renderWithProviders(<InstallBanner />);
    expect(banner()).toHaveTextContent(INSTALL_BANNER.text);
    expect(banner()).toHaveTextContent(INSTALL_BANNER.iosInstruction);
    expect(screen.queryByRole('button', { name: INSTALL_BANNER.installButton })).toBeNull();
  });

  it('not on a desktop browser, even when it offers installation', () => {
    onDevice(UA.desktop);
    renderWithProviders(<InstallBanner />);
    offerInstall();
    expect(banner()).toBeNull();
  });

  it('not in the installed app (standalone)', () => {
    onDevice(UA.iphone, { standalone: true });
    renderWithProviders(<InstallBanner />);
    expect(banner()).toBeNull();
    expect(detectPlatform()).toEqual({ mobile: true, ios: true, standalone: true });
  });
});

describe('Install App', () => {
  it("with the browser's install offer: opens its dialog and the banner goes", async () => {
    onDevice(UA.android);
    renderWithProviders(<InstallBanner />);
    const offer = offerInstall();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: INSTALL_BANNER.installButton }));
    });
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
  });

  it("without an offer: says, politely, how to install from the browser's menu; focus stays on the button", () => {
    onDevice(UA.android);
    renderWithProviders(<InstallBanner />);
    const status = within(banner()!).getByRole('status');
    expect(status).toHaveTextContent(/^$/);
    const install = screen.getByRole('button', { name: INSTALL_BANNER.installButton });
    act(() => {
      install.focus();
    });
    fireEvent.click(install);
    expect(status).toHaveTextContent(INSTALL_BANNER.menuInstruction);
    expect(banner()).toHaveTextContent(INSTALL_BANNER.text);
    expect(install).toHaveFocus();
  });

  it(
    'once the visitor has asked for the instruction, the 5 s clock no longer hides the banner: only Dismiss ' + 'does',
    () => {
      onDevice(UA.android);
      renderWithProviders(
        <>
          <InstallBanner />
          <button type="button">Elsewhere</button>
        </>,
      );
      advance(3000);
      const install = screen.getByRole('button', { name: INSTALL_BANNER.installButton });
      act(() => {
        install.focus();
      });
      fireEvent.click(install);
      // Focus and pointer leave (the visitor opens the browser's menu): the clock stays off.
      fireEvent.mouseEnter(banner()!);
      fireEvent.mouseLeave(banner()!);
      act(() => {
        screen.getByRole('button', { name: 'Elsewhere' }).focus();
      });
      advance(60_000);
      expect(banner()).toHaveTextContent(INSTALL_BANNER.menuInstruction);
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
      expect(banner()).toBeNull();
    },
  );

  it('an offer that comes after the instruction is what the next press uses', async () => {
    onDevice(UA.android);
    renderWithProviders(<InstallBanner />);
    fireEvent.click(screen.getByRole('button', { name: INSTALL_BANNER.installButton }));
    expect(banner()).toHaveTextContent(INSTALL_BANNER.menuInstruction);
    const offer = offerInstall();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: INSTALL_BANNER.installButton }));
    });
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    expect(banner()).toBeNull();
  });
});

it("goes when the app is installed meanwhile (from the browser's menu)", () => {
  onDevice(UA.android);
  renderWithProviders(<InstallBanner />);
  fireEvent.click(screen.getByRole('button', { name: INSTALL_BANNER.installButton }));
  act(() => {
    window.dispatchEvent(new Event('appinstalled'));
  });
  expect(banner()).toBeNull();
});

it('hides by itself after 5 s, not before', () => {
  onDevice(UA.iphone);
  renderWithProviders(<InstallBanner />);
  advance(4900);
  expect(banner()).not.toBeNull();
  advance(100);
  expect(banner()).toBeNull();
});

it('the clock stops while the banner holds focus or the pointer, and goes on after', () => {
  onDevice(UA.iphone);
  renderWithProviders(
    <>
      <InstallBanner />
      <button type="button">Elsewhere</button>
    </>,
  );
  advance(3000);
  act(() => {
    screen.getByRole('button', { name: 'Dismiss' }).focus();
  });
  advance(10_000);
  expect(banner()).not.toBeNull();
  act(() => {
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
  });
  advance(1900);
  expect(banner()).not.toBeNull();
  advance(100);
  expect(banner()).toBeNull();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const AWAY_MS = INSTALL_BANNER_AWAY_DAYS * DAY_MS;

/** Renders the banner again, as the next page load does, `later` ms after `from`. */
function visitAgain(from: number, later: number) {
  jest.setSystemTime(from + later);
  return renderWithProviders(<InstallBanner />);
}

it('stays away for 14 days', () => {
  expect(INSTALL_BANNER_AWAY_DAYS).toBe(14);
});

it('dismissed, it stays away on every visit for 14 days, then comes back', () => {
  onDevice(UA.iphone);
  const start = Date.now();
  const first = renderWithProviders(<InstallBanner />);
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(banner()).toBeNull();
  expect(localStorage.getItem(INSTALL_BANNER_HIDDEN_AT_KEY)).toBe(String(start));
  first.unmount();
  visitAgain(start, 60_000).unmount();
  expect(banner()).toBeNull();
  const almost = visitAgain(start, AWAY_MS - 60_000);
  expect(banner()).toBeNull();
  almost.unmount();
  visitAgain(start, AWAY_MS);
  expect(banner()).not.toBeNull();
});

it('hidden by its 5 s clock (not dismissed), it stays away as long: not back on the next page load', () => {
  onDevice(UA.iphone);
  const start = Date.now();
  const first = renderWithProviders(<InstallBanner />);
  advance(5000);
  expect(banner()).toBeNull();
  first.unmount();
  visitAgain(start, 5000 + 1000).unmount();
  expect(banner()).toBeNull();
  visitAgain(start, 5000 + AWAY_MS);
  expect(banner()).not.toBeNull();
});

it("gone to the browser's install dialog, or installed, it stays away too", async () => {
  onDevice(UA.android);
  const first = renderWithProviders(<InstallBanner />);
  offerInstall();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: INSTALL_BANNER.installButton }));
  });
  expect(localStorage.getItem(INSTALL_BANNER_HIDDEN_AT_KEY)).not.toBeNull();
  first.unmount();

  localStorage.clear();
  renderWithProviders(<InstallBanner />);
  act(() => {
    window.dispatchEvent(new Event('appinstalled'));
  });
  expect(banner()).toBeNull();
  expect(localStorage.getItem(INSTALL_BANNER_HIDDEN_AT_KEY)).not.toBeNull();
});

it("keeps its time under its own key: none of the spec's localStorage keys is touched", () => {
  onDevice(UA.iphone);
  renderWithProviders(<InstallBanner />);
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(Object.keys(localStorage)).toEqual([INSTALL_BANNER_HIDDEN_AT_KEY]);
});
