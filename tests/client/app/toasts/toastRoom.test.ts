import { roomFor } from '../../../../src/client/app/toasts/ToastRoom';

/** A stand-in for notistack's stack: how many toasts it holds and where its top edge is. */
const stack = (toasts: number, top: number, height = 60) =>
  ({ childElementCount: toasts, getBoundingClientRect: () => ({ top, height }) }) as unknown as Element;

describe('the room the toasts take at the bottom of the window', () => {
  it('is none without a stack, or with an empty one', () => {
    expect(roomFor(null, 800)).toBe(0);
    expect(roomFor(stack(0, 700), 800)).toBe(0);
  });

  it('reaches from the stack top to the window bottom, with 8 px of air, rounded up', () => {
    expect(roomFor(stack(1, 700), 800)).toBe(108);
    expect(roomFor(stack(2, 599.5), 800)).toBe(209);
  });

  it('is none while the stack is below the window (sliding in), or has no height (nothing laid out)', () => {
    expect(roomFor(stack(1, 810), 800)).toBe(0);
    expect(roomFor(stack(1, 0, 0), 800)).toBe(0);
  });
});
