import { lstatSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The project's one recursive directory listing, for the Node programs (build, content, server,
 * commands, tools; never the browser, which has no file system).
 */

export interface FilesUnderOptions {
  /** Paths relative to the folder walked, with "/" between names, rather than joined to it. */
  relative?: boolean;
  /** Leave out names starting with "." (editor and OS droppings, git folders), files and folders alike. */
  skipHidden?: boolean;
  /**
   * A file or folder to leave out (a folder with everything under it), asked with its path
   * relative to the folder walked ("/" between names) and whether it is a folder.
   */
  skip?: (path: string, isFolder: boolean) => boolean;
}

/**
 * Every regular file under `dir`, depth first, each folder's names in code-unit order (the same
 * order on every machine and file system, so digests made from the list are stable). Links,
 * pipes, sockets and devices are never listed or followed: a link could lead outside the folder,
 * reading a pipe could wait forever. A folder that does not exist or cannot be read lists nothing.
 */
export function filesUnder(dir: string, options: FilesUnderOptions = {}): string[] {
  const found: string[] = [];
  const visit = (folder: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (options.skipHidden && entry.name.startsWith(".")) continue;
      const path = prefix + entry.name;
      const isFolder = entry.isDirectory();
      if (!isFolder && !entry.isFile()) continue;
      if (options.skip?.(path, isFolder)) continue;
      if (isFolder) visit(join(folder, entry.name), `${path}/`);
      else found.push(options.relative ? path : join(dir, path));
    }
  };
  visit(dir, "");
  return found;
}

/**
 * Every regular file under `dir` as "path size mtime" (the path relative to `base`): a cheap
 * fingerprint of a folder, for caches that must notice a file added, removed or replaced
 * (the pictures a page's checks read) without reading the files.
 */
export function filesStamp(dir: string, base: string): string[] {
  return filesUnder(dir).map((full) => {
    const stats = statSync(full);
    return `${relative(base, full)} ${stats.size} ${stats.mtimeMs}`;
  });
}

/**
 * A file's "mtime:size", or "gone" when there is no regular file there (as filesUnder lists
 * none): what a check that read the file depends on, looked at without reading it.
 */
export function fileStamp(path: string): string {
  try {
    const stat = lstatSync(path);
    return stat.isFile() ? `${stat.mtimeMs}:${stat.size}` : "gone";
  } catch {
    return "gone";
  }
}

/** The modification time (ms) a fileStamp holds; null for "gone". */
export function modifiedAt(stamp: string): number | null {
  return stamp === "gone" ? null : Number(stamp.slice(0, stamp.indexOf(":")));
}
