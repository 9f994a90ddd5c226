/**
 * The benchmarks' median: of an odd count the middle one, of an even count the upper of the two
 * middle ones (a figure that was measured, not an average of two), NaN of none.
 */
export function middleOf<T>(items: readonly T[], value: (item: T) => number): T | undefined {
  return [...items].sort((a, b) => value(a) - value(b))[Math.floor(items.length / 2)];
}

export const median = (values: readonly number[]): number => middleOf(values, (v) => v) ?? NaN;
