import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import { sitePlugin } from "../../../src/build/vite-plugin.ts";
import { fixtureRoot, PROJECT } from "../fixture-site.ts";

let cleanup = () => {};
afterEach(() => cleanup());

describe("invalid content stops the build", () => {
  it("npm run build prints the problems and leaves dist/ untouched", () => {
    const made = fixtureRoot("link-to-missing-page");
    cleanup = made.cleanup;
    mkdirSync(join(made.root, "dist"));
    writeFileSync(join(made.root, "dist", "marker.txt"), "previous build");
    const run = spawnSync(join(PROJECT, "node_modules", ".bin", "tsx"), [join(PROJECT, "src", "cli", "build.ts")], { cwd: made.root, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('site/bad-link.yaml:10:13  link "/abuot" is not a page — did you mean "/about"?');
    expect(run.stderr).toContain("Nothing was written to dist/.");
    expect(readFileSync(join(made.root, "dist", "marker.txt"), "utf8")).toBe("previous build");
    expect(existsSync(join(made.root, "dist", "index.html"))).toBe(false);
  });

  it("a link out of site/ or a pipe under site/assets stops the build before anything is copied", () => {
    const made = fixtureRoot();
    cleanup = made.cleanup;
    symlinkSync("/etc/passwd", join(made.root, "site", "assets", "passwd.svg"));
    execFileSync("mkfifo", [join(made.root, "site", "assets", "pipe.svg")]);
    const run = spawnSync(join(PROJECT, "node_modules", ".bin", "tsx"), [join(PROJECT, "src", "cli", "build.ts")], {
      cwd: made.root,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1); // not null: a build that opened the pipe would hang until the timeout
    expect(run.stderr).toContain("site/assets/passwd.svg:1:1  this is a symbolic link, and links are not followed");
    expect(run.stderr).toContain("site/assets/pipe.svg:1:1  this is a named pipe, not a regular file");
    expect(existsSync(join(made.root, "dist"))).toBe(false);
  });

  it("a plain vite build fails with the validator's lines", async () => {
    const made = fixtureRoot("missing-asset");
    cleanup = made.cleanup;
    writeFileSync(join(made.root, "index.html"), '<!doctype html><script type="module" src="/main.js"></script>');
    writeFileSync(join(made.root, "main.js"), 'console.log("no content is a module");');
    symlinkSync(join(PROJECT, "node_modules"), join(made.root, "node_modules"));
    const attempt = build({ root: made.root, configFile: false, logLevel: "silent", plugins: [sitePlugin(made.root)], build: { write: false } });
    await expect(attempt).rejects.toThrow(
      'site/no-image.yaml:11:23  missing file "/logoo.svg": there is no site/assets/logoo.svg — similar files: /logo.svg, /icon.svg',
    );
  });
});
