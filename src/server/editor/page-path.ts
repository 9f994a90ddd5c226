import { posix } from "node:path";
import { EditorInputError } from "./editor-error.ts";

/** A page file the editor may read or write, relative to the project root: site/industries/mining.yaml */
export type PagePath = string & { readonly pagePath: unique symbol };

/**
 * The one gate every path from the browser goes through: a file under site/ (outside
 * site/assets/), ending in .yaml, written with forward slashes and no `..`, `.` or hidden
 * parts. The check is on the text, before the file system is touched, so no link, `..` or
 * encoding trick can reach a file outside site/.
 */
export function pagePath(raw: unknown): PagePath {
  if (typeof raw !== "string" || raw.trim() === "")
    throw new EditorInputError(400, "Say which page: path is a file under site/, such as site/industries/mining.yaml.");
  if (raw.length > 300) throw new EditorInputError(400, "The path is too long: a page file's path has at most 300 characters.");
  if (raw.includes("\\") || raw.includes("\0"))
    throw new EditorInputError(400, `"${raw.replace(/\0/g, "\\0")}" is not a page path: use forward slashes, such as site/industries/mining.yaml.`);
  const parts = raw.split("/");
  if (parts.some((p) => p === ".." || p === ".")) throw new EditorInputError(400, `"${raw}" is outside site/: a path may not contain . or .. parts.`);
  if (parts[0] !== "site" || parts.length < 2 || posix.isAbsolute(raw))
    throw new EditorInputError(400, `"${raw}" is outside site/: pages are files under site/, such as site/industries/mining.yaml.`);
  if (parts.some((p) => p === "" || p.startsWith("."))) throw new EditorInputError(400, `"${raw}" is not a page path: no empty or hidden (.name) parts.`);
  if (parts[1] === "assets") throw new EditorInputError(400, `"${raw}" is a picture or media file under site/assets/, not a page.`);
  if (!raw.endsWith(".yaml")) throw new EditorInputError(400, `"${raw}" is not a YAML page: page files end in .yaml.`);
  return raw as PagePath;
}
