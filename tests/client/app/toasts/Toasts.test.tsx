import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../../src/client/lib/toast';
import { renderWithProviders } from '../../../utils/renderWithProviders';

/** docs/behaviour.md §9 toasts on the app's real AppProviders: at most 3 visible, 4000 ms, bottom-right. */
function Toaster() {
  return (
    <>
      <button type="button" onClick={() => toast.info('Toast 1')}>
        one
      </button>
      <button type="button" onClick={() => [1, 2, 3, 4, 5].forEach((n) => toast.error(`Burst ${n}`))}>
        five
      </button>
    </>
  );
}

const shown = (pattern: RegExp) => screen.queryAllByText(pattern).map((e) => e.textContent);
/** A toast slides out when it closes: its content is transformed away from its resting place ('none'). */
const isLeaving = (text: string) =>
  (screen.getByText(text).closest('[data-toast]')!.parentElement as HTMLElement).style.transform !== 'none';
const advance = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });
/** Moves the clock in small steps, letting React commit in between (each transition step sets its own timer). */
const advanceInSteps = (ms: number, step = 50) => {
  for (let t = 0; t < ms; t += step) advance(Math.min(step, ms - t));
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
});

it('shows at most 3 toasts: five at once leave the newest three on screen', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithProviders(<Toaster />);
  await user.click(screen.getByRole('button', { name: 'five' }));
  // Never more than three on screen, from the first frame on.
  expect(shown(/^Burst \d$/).length).toBeLessThanOrEqual(3);
  for (let t = 0; t < 1500; t += 50) {
    advance(50);
    expect(shown(/^Burst \d$/).length).toBeLessThanOrEqual(3);
  }
  // Once the older ones have made room, exactly the newest three remain.
  expect(shown(/^Burst \d$/)).toEqual(expect.arrayContaining(['Burst 3', 'Burst 4', 'Burst 5']));
  expect(shown(/^Burst \d$/)).toHaveLength(3);
});

it('hides a toast 4000 ms after it appeared', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithProviders(<Toaster />);
  await user.click(screen.getByRole('button', { name: 'one' }));
  expect(screen.getByText('Toast 1')).toBeInTheDocument();
  expect(isLeaving('Toast 1')).toBe(false);
  advanceInSteps(3990, 10);
  // Still fully on screen just before 4000 ms…
  expect(isLeaving('Toast 1')).toBe(false);
  // …on its way out just after, and out of the tab order (it slides off screen)…
  expect(screen.getByText('Toast 1').closest('[inert]')).toBeNull();
  advanceInSteps(20, 10);
  expect(isLeaving('Toast 1')).toBe(true);
  expect(screen.getByText('Toast 1').closest('[inert]')).not.toBeNull();
  // …and gone once its exit transitions are over (well under a second).
  advanceInSteps(1000);
  expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
});

it('anchors the toasts at the bottom right of the viewport', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithProviders(<Toaster />);
  await user.click(screen.getByRole('button', { name: 'one' }));
  const container = screen.getByText('Toast 1').closest('.notistack-SnackbarContainer') as HTMLElement;
  const style = getComputedStyle(container);
  expect(style.position).toBe('fixed');
  expect(style.bottom).toMatch(/^\d+px$/);
  expect(style.right).toMatch(/^\d+px$/);
  expect(['', 'auto']).toContain(style.top);
  expect(['', 'auto']).toContain(style.left);
  expect(style.transform).not.toMatch(/translateX\(-50%\)/);
});
