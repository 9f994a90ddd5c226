/**
 * `compute` remembered for the last keys it was asked, for work done per request on a value
 * that repeats: a visitor's requests, and everything behind one proxy, come from few addresses.
 * Bounded, so a flood of new keys cannot grow it: past `size` keys the memory starts afresh
 * (cheaper per call than keeping an order for least-recently-used, and a flood evicts either).
 * Holds only what the server saw anyway, in memory, never logged.
 */
export function boundedMemo<T>(compute: (key: string) => T, size: number): (key: string) => T {
  let known = new Map<string, T>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      if (known.size >= size) known = new Map();
      known.set(key, value);
    }
    return value;
  };
}
