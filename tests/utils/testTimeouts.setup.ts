import { jest as jestConfig } from '../../package.json';

/**
 * Time limits for the server suites' tests and hooks, as jest's own runner keeps them.
 *
 * The server suites run on jest-light-runner (package.json): one plain Node thread per worker runs
 * file after file, so the app and its dependencies are loaded once per worker instead of once per
 * file (about half the CPU of those suites). That runner leaves out jest's time limits: a hung test
 * would hang the whole run. Here every test and hook is raced against its limit, `testTimeout` from
 * package.json or the one passed as the last argument, and fails with jest's own words when it is
 * past. Set up once per worker, after the runner has put the test functions on `globalThis`.
 */
type Fn = (...args: unknown[]) => unknown;
type Registrar = (name: string, fn?: Fn, timeout?: number) => unknown;
type HookRegistrar = (fn: Fn, timeout?: number) => unknown;

const DEFAULT_MS = jestConfig.testTimeout;

/** `fn` raced against `ms`, keeping its arity (jest-each reads it to pass a table's row). */
function withTimeLimit(fn: Fn, ms: number, what: string): Fn {
  const limited = function (this: unknown, ...args: unknown[]) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Exceeded timeout of ${ms} ms for ${what}.`)), ms);
    });
    return Promise.race([Promise.resolve().then(() => fn.apply(this, args)), late]).finally(() => clearTimeout(timer));
  };
  Object.defineProperty(limited, 'length', { value: fn.length });
  return limited;
}

function limitedTest(original: Registrar & Record<string, unknown>): Registrar {
  const register = (base: Registrar) => (name: string, fn?: Fn, timeout?: number) =>
    base(name, fn && withTimeLimit(fn, timeout ?? DEFAULT_MS, 'a test'), timeout);
  const each =
    (base: (...table: unknown[]) => Registrar) =>
    (...table: unknown[]) =>
      register(base(...table));
  const only = original.only as Registrar & { each: (...t: unknown[]) => Registrar };
  return Object.assign(register(original), original, {
    each: each(original.each as (...t: unknown[]) => Registrar),
    only: Object.assign(register(only), only, { each: each(only.each) }),
  });
}

function limitedHook(original: HookRegistrar): HookRegistrar {
  return (fn: Fn, timeout?: number) => original(withTimeLimit(fn, timeout ?? DEFAULT_MS, 'a hook'), timeout);
}

const globals = globalThis as unknown as Record<string, unknown>;
for (const name of ['it', 'test']) globals[name] = limitedTest(globals[name] as Registrar & Record<string, unknown>);
for (const name of ['beforeAll', 'afterAll', 'beforeEach', 'afterEach'])
  globals[name] = limitedHook(globals[name] as HookRegistrar);
// jest.setTimeout would change every later file's limit in this thread: a file passes its limit per test.
(globals.jest as Record<string, unknown>).setTimeout = () => {
  throw new Error('jest.setTimeout is not available on the server suites: pass the limit as the last argument.');
};
