import { describe, expect, it } from "vitest";
import { behaviourChromiumPath, CHROMIUM_ARGS, chromiumPath } from "../../../src/build/chromium.ts";

describe("the one Chromium setting", () => {
  it.each([
    ["nothing set: Debian's package", {}, "/usr/bin/chromium"],
    ["CHROMIUM_PATH", { CHROMIUM_PATH: "/opt/chromium/chrome" }, "/opt/chromium/chrome"],
    ["CHROMIUM_PATH empty", { CHROMIUM_PATH: "  " }, "/usr/bin/chromium"],
    ["CHROME_PATH is not a second name for it", { CHROME_PATH: "/opt/chrome" }, "/usr/bin/chromium"],
  ])("%s", (_name, env, expected) => {
    expect(chromiumPath(env)).toBe(expected);
  });

  it.each([
    ["the headless shell when it is installed", {}, true, "/usr/bin/chromium-headless-shell"],
    ["the full browser when it is not", {}, false, "/usr/bin/chromium"],
    ["CHROMIUM_PATH over both", { CHROMIUM_PATH: "/opt/chromium/chrome" }, true, "/opt/chromium/chrome"],
  ])("behaviour tests: %s", (_name, env, shellInstalled, expected) => {
    expect(behaviourChromiumPath(env, (path) => shellInstalled && path === "/usr/bin/chromium-headless-shell")).toBe(expected);
  });

  it("starts with the flags that keep tests and measures free of background traffic", () => {
    expect(CHROMIUM_ARGS).toEqual([
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ]);
  });
});
