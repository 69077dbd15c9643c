/** Rows and grids drop assets repeated under the same path (docs/behaviour.md §2 "Home", "Category page"). */
export function dedupeByPath<T extends { path: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.path) ? false : (seen.add(item.path), true)));
}
