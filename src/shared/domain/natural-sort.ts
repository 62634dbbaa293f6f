const collator = new Intl.Collator(['id', 'en'], { numeric: true, sensitivity: 'base' });

/** Numeric-aware name ordering: "Kolam 2" before "Kolam 10" (seed 000 §4). */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

export function sortByName<T>(items: readonly T[], name: (item: T) => string): T[] {
  return [...items].sort((x, y) => compareNames(name(x), name(y)));
}
