import { realpathSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cacheControlFor, REVALIDATE } from "./cache-control.ts";
import { worthCompressing } from "../build/precompress.ts";
import { compressOnTheFly } from "./compress-on-the-fly.ts";

const FALLBACK_404 =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title></head>' +
  '<body><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></body></html>';

/** The site's own 404 page (dist/404.html) when it has one, else a minimal page. */
async function notFoundPage(distDir: string | null): Promise<string> {
  if (distDir === null) return FALLBACK_404;
  try {
    return await readFile(join(distDir, "404.html"), "utf8");
  } catch {
    return FALLBACK_404;
  }
}

export async function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, distDir: string | null) {
  const page = await notFoundPage(distDir);
  reply.code(404).type("text/html; charset=utf-8").header("cache-control", REVALIDATE);
  if (request.method !== "HEAD") return reply.send(page);
  return reply.header("content-length", Buffer.byteLength(page)).send();
}

// `.well-known` is the one dot-folder a site may publish (security.txt and friends).
function isRefusedSegment(segment: string): boolean {
  return segment === ".." || segment === "." || (segment.startsWith(".") && segment !== ".well-known");
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + sep);
}

/**
 * What @fastify/static may serve: no hidden file (its `dotfiles` option would also hide
 * `.well-known`), nothing that, symlinks resolved, lies outside the site.
 */
function allowedPathIn(root: string) {
  return function allowedPath(pathname: string): boolean {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    if (decoded.includes("\0") || decoded.includes("\\")) return false;
    const segments = decoded.split("/").filter((segment) => segment !== "");
    if (segments.some(isRefusedSegment)) return false;
    try {
      // dist/ is a link to the live build (switched when a new build goes live): resolve it now, with the file.
      const live = realpathSync(root);
      return isInside(live, realpathSync(join(live, ...segments)));
    } catch {
      return true; // nothing there: @fastify/static answers 404
    }
  };
}

/**
 * GET and HEAD for the files of the prerendered site, with @fastify/static: `/x/y` and
 * `/x/y/` serve `x/y/index.html`; the `.br` and `.gz` copies the build made of the scripts,
 * styles and pictures (src/build/precompress.ts) go to clients that accept them, and the pages
 * and their data are compressed when first asked for and kept (compress-on-the-fly.ts); ranges,
 * ETags and If-None-Match/If-Modified-Since as the library does them. Cache-Control per file
 * (cache-control.ts). Unknown paths fall through to the app's not-found handler.
 */
export function registerStaticSite(app: FastifyInstance, distDir: string): void {
  // A scope of its own: the compression's onSend hook runs for the site's files, not for every answer of the API.
  app.register(async (site) => {
    const onTheFly = compressOnTheFly(site);
    // Imported only when there is a site to serve (not for `npm run serve:api`): about 6 MB.
    await site.register(import("@fastify/static"), {
      root: distDir,
      wildcard: true,
      index: ["index.html"],
      redirect: false,
      preCompressed: true,
      dotfiles: "allow",
      allowedPath: allowedPathIn(distDir),
      cacheControl: false,
      setHeaders(response, filePath, stat) {
        const original = filePath.replace(/\.(br|gz)$/, "");
        response.setHeader("cache-control", cacheControlFor(relative(distDir, original).split(sep).join("/")));
        // The answer depends on Accept-Encoding wherever it may be compressed (by the build or now): caches must know.
        if (original !== filePath || worthCompressing(filePath, stat.size)) response.setHeader("vary", "Accept-Encoding");
        if (original === filePath) onTheFly.sending(response, filePath, stat);
      },
    });
  });
}
