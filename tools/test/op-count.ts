/**
 * How much work a call does, counted rather than timed, so a test can tell linear from
 * quadratic on a shared, noisy machine: every step of an array, Map or Set iterator (for…of,
 * spread, `new Map(list)`), and every element an array method walks (filter, some, find,
 * map, … count the array's length, what they visit at most). Plain `for (let i…)` loops are
 * not seen. No library counts operations (benchmark libraries time), hence this.
 */

const ARRAY_WALKS = [
  "filter",
  "map",
  "flatMap",
  "some",
  "every",
  "find",
  "findIndex",
  "findLast",
  "findLastIndex",
  "forEach",
  "reduce",
  "includes",
  "indexOf",
  "join",
  "sort",
  "slice",
  "concat",
] as const;

type Fn = (this: unknown, ...args: unknown[]) => unknown;

/** Runs `work` with the counters installed and returns what it returned and how many steps it took. */
export function countOperations<T>(work: () => T): { result: T; operations: number } {
  let operations = 0;
  const restore: (() => void)[] = [];
  const patch = (target: object, key: PropertyKey, wrap: (original: Fn) => Fn) => {
    const original = Reflect.get(target, key) as Fn;
    Object.defineProperty(target, key, { value: wrap(original), configurable: true, writable: true });
    restore.push(() => Object.defineProperty(target, key, { value: original, configurable: true, writable: true }));
  };
  const iteratorPrototypes = [[][Symbol.iterator](), new Map().keys(), new Set().values()].map((it) => Object.getPrototypeOf(it) as object);
  for (const proto of iteratorPrototypes) {
    patch(
      proto,
      "next",
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          operations++;
          return original.apply(this, args);
        },
    );
  }
  for (const name of ARRAY_WALKS) {
    patch(
      Array.prototype,
      name,
      (original) =>
        function (this: unknown, ...args: unknown[]) {
          operations += (this as unknown[]).length;
          return original.apply(this, args);
        },
    );
  }
  try {
    return { result: work(), operations };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}
