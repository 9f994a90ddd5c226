import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const PROJECT = join(import.meta.dirname, "..", "..");
export const FIXTURES = join(PROJECT, "tests", "fixtures");

/**
 * A throwaway project root: the fixture base site with one invalid fixture laid over it,
 * and the real schema/ linked in. The fixtures themselves are never modified.
 */
export function fixtureRoot(invalid?: string): { root: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), "nexa-fixture-"));
  cpSync(join(FIXTURES, "base-site", "site"), join(root, "site"), { recursive: true });
  if (invalid) cpSync(join(FIXTURES, "invalid", invalid, "site"), join(root, "site"), { recursive: true });
  symlinkSync(join(PROJECT, "schema"), join(root, "schema"));
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A copy of the real site/ in a throwaway root, for tests that edit content. */
export function siteCopyRoot(): { root: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), "nexa-site-"));
  cpSync(join(PROJECT, "site"), join(root, "site"), { recursive: true });
  symlinkSync(join(PROJECT, "schema"), join(root, "schema"));
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
