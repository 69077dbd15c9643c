import { act, fireEvent, screen } from '@testing-library/react';
import { toast } from '../../../../src/client/lib/toast';
import { renderWithProviders } from '../../../utils/renderWithProviders';

/** docs/behaviour.md §8/§9 toasts beyond notistack's own: every kind, Alt+T, close, Escape, swipe past 45 px. */
const advance = (ms: number, step = 50) => {
  for (let t = 0; t < ms; t += step)
    act(() => {
      jest.advanceTimersByTime(Math.min(step, ms - t));
    });
};
const toastOf = (text: string) => screen.getByText(text).closest('[data-toast]') as HTMLElement;
const gone = (text: string) => screen.queryByText(text) === null;

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  advance(1000);
  jest.clearAllTimers();
  jest.useRealTimers();
});

it.each([
  ['success', 'status'],
  ['info', 'status'],
  ['message', 'status'],
  ['loading', 'status'],
  ['custom', 'status'],
  ['warning', 'alert'],
  ['error', 'alert'],
] as const)('a %s toast is announced as %s, with a close button', (kind, role) => {
  renderWithProviders(<div />);
  act(() => {
    toast[kind](`A ${kind} toast`);
  });
  const el = toastOf(`A ${kind} toast`);
  expect(el).toHaveAttribute('role', role);
  expect(el).toHaveAttribute('data-toast', kind);
  expect(el.querySelector('button[aria-label="Dismiss notification"]')).not.toBeNull();
});

it('a loading toast shows a progress indicator and stays past 4000 ms until dismissed', () => {
  renderWithProviders(<div />);
  let key: ReturnType<typeof toast.loading> = 0;
  act(() => {
    key = toast.loading('Saving');
  });
  expect(toastOf('Saving').querySelector('[role="progressbar"]')).not.toBeNull();
  advance(6000);
  expect(gone('Saving')).toBe(false);
  act(() => {
    toast.dismiss(key);
  });
  advance(1000);
  expect(gone('Saving')).toBe(true);
});

it('a fourth toast hides the oldest', () => {
  renderWithProviders(<div />);
  for (const n of [1, 2, 3])
    act(() => {
      toast.info(`Note ${n}`);
    });
  advance(500);
  act(() => {
    toast.info('Note 4');
  });
  advance(1000);
  expect(gone('Note 1')).toBe(true);
  expect(['Note 2', 'Note 3', 'Note 4'].every((t) => !gone(t))).toBe(true);
});

it('Alt+T moves focus to the newest toast; Escape there closes it', () => {
  renderWithProviders(<button type="button">Somewhere</button>);
  screen.getByRole('button', { name: 'Somewhere' }).focus();
  act(() => {
    toast.info('Older');
    toast.error('Newest');
  });
  fireEvent.keyDown(window, { key: 't', code: 'KeyT', altKey: true });
  expect(document.activeElement).toBe(toastOf('Newest'));
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  advance(1000);
  expect(gone('Newest')).toBe(true);
  expect(gone('Older')).toBe(false);
});

it('closing a focused toast hands focus to the next toast, then back where it was', () => {
  renderWithProviders(<button type="button">Somewhere</button>);
  const here = screen.getByRole('button', { name: 'Somewhere' });
  here.focus();
  act(() => {
    toast.info('First');
    toast.info('Second');
  });
  fireEvent.keyDown(window, { key: 't', code: 'KeyT', altKey: true });
  expect(document.activeElement).toBe(toastOf('Second'));
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(document.activeElement).toBe(toastOf('First'));
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(document.activeElement).toBe(here);
});

it('Alt+T with no toast, or T with Ctrl too, moves nothing', () => {
  renderWithProviders(<button type="button">Somewhere</button>);
  const here = screen.getByRole('button', { name: 'Somewhere' });
  here.focus();
  fireEvent.keyDown(window, { key: 't', code: 'KeyT', altKey: true });
  expect(document.activeElement).toBe(here);
  act(() => {
    toast.info('Hello');
  });
  fireEvent.keyDown(window, { key: 't', code: 'KeyT', altKey: true, ctrlKey: true });
  expect(document.activeElement).toBe(here);
});

it('a focused toast does not time out (WCAG 2.2.1); it does once focus leaves', () => {
  renderWithProviders(<button type="button">Elsewhere</button>);
  act(() => {
    toast.info('Read me');
  });
  fireEvent.keyDown(window, { key: 't', code: 'KeyT', altKey: true });
  advance(6000);
  expect(gone('Read me')).toBe(false);
  act(() => {
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
  });
  advance(5000);
  expect(gone('Read me')).toBe(true);
});

it('the close button dismisses', () => {
  renderWithProviders(<div />);
  act(() => {
    toast.success('Saved');
  });
  fireEvent.click(toastOf('Saved').querySelector('button')!);
  advance(1000);
  expect(gone('Saved')).toBe(true);
});

describe('swipe', () => {
  /** jsdom has no PointerEvent: a MouseEvent of the pointer type carries clientX, plus a pointerId. */
  const pointer = (el: HTMLElement, type: string, clientX: number) => {
    const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX });
    Object.defineProperty(event, 'pointerId', { value: 1 });
    act(() => {
      el.dispatchEvent(event);
    });
  };
  const swipe = (el: HTMLElement, dx: number) => {
    pointer(el, 'pointerdown', 300);
    pointer(el, 'pointermove', 300 + dx / 2);
    pointer(el, 'pointermove', 300 + dx);
    pointer(el, 'pointerup', 300 + dx);
  };

  it.each([46, -46, 120])('a swipe of %d px dismisses', (dx) => {
    renderWithProviders(<div />);
    act(() => {
      toast.info('Swipe me');
    });
    swipe(toastOf('Swipe me'), dx);
    advance(1000);
    expect(gone('Swipe me')).toBe(true);
  });

  it.each([30, 45, -20])('a swipe of %d px springs back', (dx) => {
    renderWithProviders(<div />);
    act(() => {
      toast.info('Stay');
    });
    swipe(toastOf('Stay'), dx);
    // Long enough for a dismissal's exit to finish, well before the 4000 ms timeout.
    advance(1500);
    expect(gone('Stay')).toBe(false);
  });
});
