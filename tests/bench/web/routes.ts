import { JS_BUDGET_BYTES } from '../../../e2e/support/jsBudgets';

/**
 * The routes `npm run bench:web` measures and their performance goals (median of the runs). The
 * catalog routes are a first visit; the others start from the state a visitor would be in.
 */
export type Goals = { score: number; tbtMs: number; lcpMs?: number; cls?: number; jsBytes?: number };
type VisitorState = 'first visit' | 'guest with two events in the cart' | 'signed in, one event in the cart';
export type BenchRoute = { name: string; path: string; state: VisitorState; goals: Goals };

const CATALOG: Goals = { score: 95, tbtMs: 200, lcpMs: 2000, cls: 0.05, jsBytes: JS_BUDGET_BYTES.catalog };
const APP: Goals = { score: 90, tbtMs: 300 };

/** A real event and category of the demo catalog (the event's numeric id is looked up: the app links by id). */
export const BENCH_EVENT_PATH = 'velvet-static-unplugged';
const BENCH_CATEGORY = 'on-demand';
/** What the guest puts in the cart, and what the signed-in account has in its cart. */
export const CART_EVENTS = ['velvet-static-unplugged', 'ironwood-symphony-the-planets'];

export function benchRoutes(eventId: number): BenchRoute[] {
  return [
    { name: 'home', path: '/', state: 'first visit', goals: CATALOG },
    { name: 'events', path: '/events', state: 'first visit', goals: CATALOG },
    { name: 'event', path: `/events/${eventId}`, state: 'first visit', goals: CATALOG },
    { name: 'category', path: `/category/${BENCH_CATEGORY}`, state: 'first visit', goals: CATALOG },
    { name: 'experience', path: '/experience', state: 'first visit', goals: CATALOG },
    { name: 'about', path: '/about', state: 'first visit', goals: CATALOG },
    { name: 'sign-in', path: '/sign-in', state: 'first visit', goals: APP },
    { name: 'cart', path: '/cart', state: 'guest with two events in the cart', goals: APP },
    { name: 'checkout', path: '/checkout', state: 'signed in, one event in the cart', goals: APP },
    { name: 'profile', path: '/profile', state: 'signed in, one event in the cart', goals: APP },
    { name: '404', path: '/no-such-page', state: 'first visit', goals: APP },
  ];
}

/** BENCH_ROUTES=home,cart or =/,/cart: a subset, by name or path; unknown ones are an error. */
export function selectRoutes(all: BenchRoute[], wanted = process.env.BENCH_ROUTES): BenchRoute[] {
  if (!wanted) return all;
  const names = wanted
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !all.some((r) => r.name === n || r.path === n));
  if (unknown.length > 0)
    throw new Error(`BENCH_ROUTES: unknown ${unknown.join(', ')} (known: ${all.map((r) => r.name).join(', ')})`);
  return all.filter((r) => names.includes(r.name) || names.includes(r.path));
}
