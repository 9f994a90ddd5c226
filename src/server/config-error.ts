// The error of a setting that cannot be used, and the URL check the settings share (env.ts,
// delivery/config.ts).

/** A setting that cannot be used; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * The URL in setting `name`, which must use one of `protocols` (e.g. ["https:", "http:"]);
 * otherwise a ConfigError saying it must be `what` such as `example`.
 */
export function urlSetting(name: string, raw: string, protocols: readonly string[], example: string, what = "a URL"): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be ${what} such as ${example}.`);
  }
  if (!protocols.includes(url.protocol)) {
    const allowed = protocols.map((protocol) => `${protocol}//`).join(" or ");
    throw new ConfigError(`${name} must start with ${allowed}, not "${url.protocol}//".`);
  }
  return url;
}
