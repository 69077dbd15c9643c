import { findCycles, unitGraph, unitOf } from '../../scripts/importCycles';

describe('import cycles (npm run cycles)', () => {
  it('finds a cycle between files, and none in a graph that runs one way', () => {
    expect(findCycles({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] })).toEqual([['a', 'b', 'c']]);
    expect(findCycles({ a: ['b'], b: ['c'], d: ['a', 'c'] })).toEqual([]);
    expect(findCycles({ a: ['a'] })).toEqual([['a']]);
  });

  it('names the feature or module of a file, and nothing for the layers around them', () => {
    expect(unitOf('src/client/features/cart/cartApi.ts')).toBe('client feature cart');
    expect(unitOf('src/server/modules/orders/settlement.ts')).toBe('server module orders');
    expect(unitOf('src/client/lib/paths.ts')).toBeNull();
    expect(unitOf('src/server/platform/callerIdentity.ts')).toBeNull();
  });

  it('finds a cycle between two features that no single file closes, and names an import that makes it', () => {
    const files = {
      'src/client/features/cart/CartPage.tsx': ['src/client/features/checkout/checkoutApi.ts'],
      'src/client/features/checkout/CheckoutPage.tsx': ['src/client/features/cart/cartApi.ts'],
      'src/client/features/cart/cartApi.ts': ['src/client/lib/paths.ts'],
    };
    expect(findCycles(files)).toEqual([]);
    const { graph, witness } = unitGraph(files);
    expect(findCycles(graph)).toEqual([['client feature cart', 'client feature checkout']]);
    expect(witness.get('client feature checkout → client feature cart')).toBe(
      'src/client/features/checkout/CheckoutPage.tsx imports src/client/features/cart/cartApi.ts',
    );
  });
});
