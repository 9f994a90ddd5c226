import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";

/** A fresh clone of this repository's last commit at the given folder, with a git identity of its own: what the editor tests publish into. */
const target = resolve(process.argv[2] ?? ".tmp/editor-e2e/repo");
rmSync(target, { recursive: true, force: true });
execFileSync("git", ["clone", "--quiet", "--no-hardlinks", ".", target]);
execFileSync("git", ["remote", "remove", "origin"], { cwd: target });
execFileSync("git", ["config", "user.name", "Editor Test"], { cwd: target });
execFileSync("git", ["config", "user.email", "editor-test@example.com"], { cwd: target });
console.log(`Cloned into ${target}`);
