import { pageEndRoom } from '../../../src/client/app/PageEndRoom';

/** The band under the footer: only while what sits at the window's bottom covers the page's end. */
const view = (scrollY: number, innerHeight = 800, scrollHeight = 3000) => ({ scrollY, innerHeight, scrollHeight });

describe('the band under the footer', () => {
  it('is none while nothing is at the bottom, wherever the view is', () => {
    expect(pageEndRoom(0, 0, view(2200))).toBe(0);
    expect(pageEndRoom(0, 92, view(2200))).toBe(0);
  });

  it('is none while a toast shows over the middle of a long page', () => {
    expect(pageEndRoom(92, 0, view(0))).toBe(0);
    expect(pageEndRoom(92, 0, view(2107))).toBe(0);
  });

  it("comes once the view reaches the page's last px that the toasts cover", () => {
    expect(pageEndRoom(92, 0, view(2108))).toBe(92);
    expect(pageEndRoom(92, 0, view(2200))).toBe(92);
    // A page shorter than the window and the toasts together needs it at once.
    expect(pageEndRoom(92, 0, view(0, 800, 850))).toBe(92);
  });

  it('once given, stays as long as something is at the bottom (following its height), even scrolled back', () => {
    expect(pageEndRoom(92, 92, view(0))).toBe(92);
    expect(pageEndRoom(150, 92, view(0))).toBe(150);
  });
});
