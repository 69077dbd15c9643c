import { findNul } from '../../src/shared/contract/text';

/** The NUL rule's walk (src/shared/contract/text.ts): where the first NUL is, at any depth. */
describe('findNul', () => {
  it('names the path to a value holding a NUL, or to the object whose key holds one', () => {
    expect(findNul({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual(['b', 0, 'c']);
    expect(findNul({ a: { ['k\u0000']: 1 } })).toEqual(['a']);
    expect(findNul('\u0000')).toEqual([]);
    expect(findNul({ a: ['ok', 1, null, { b: true }] })).toBeNull();
    expect(findNul(Buffer.from('\u0000'))).toBeNull();
  });

  it('walks a value nested 100,000 deep without overflowing the stack (one pass, no recursion)', () => {
    const depth = 100_000;
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < depth; i += 1) deep = i % 2 ? [deep] : { k: deep };
    const at = findNul(deep);
    expect(at).toHaveLength(depth);
    expect(at!.slice(-2)).toEqual([0, 'k']);
    let clean: unknown = 'end';
    for (let i = 0; i < depth; i += 1) clean = [clean];
    expect(findNul(clean)).toBeNull();
  });
});
