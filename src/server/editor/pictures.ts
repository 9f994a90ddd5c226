import { existsSync, linkSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import sharp, { type Metadata, type Sharp } from "sharp";
import { routeOfFile } from "../../content/routes.ts";
import { EditorInputError } from "./editor-error.ts";
import type { PagePath } from "./page-path.ts";

/** The largest upload read at all: a phone's camera picture is 3–12 MB; anything above is refused before it is read. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Decoded size cap (width × height): a small file that decodes to gigapixels would take the machine's memory. */
const MAX_INPUT_PIXELS = 40_000_000;

/** The budget every picture of the built site keeps (tests/budgets/budgets.test.ts: no image over 150 KB). */
export const PICTURE_BUDGET_BYTES = 150 * 1024;

/** The widest picture the site draws is a 1600-pixel banner: anything larger only costs bytes. */
const LARGEST_SIDE = 1600;

/**
 * A phone held upright shows the picture through a 2:3 window (src/app/ui/phone-upright.ts);
 * its version is cut to that shape at twice a 360-pixel-wide phone, for sharp text on its screen.
 */
const PHONE_SIZE = { width: 720, height: 1080 };

/** The kinds of picture accepted, as sharp names the decoder that reads them. */
const ACCEPTED: Readonly<Record<string, string>> = { jpeg: "JPEG", png: "PNG", webp: "WebP" };

/** Which part of a wide picture a phone shows: the hero banner keeps its subject on the right (Hero.module.css), the others are centred. */
export const PHONE_CUTS = ["right", "centre"] as const;
export type PhoneCut = (typeof PHONE_CUTS)[number];

export interface WrittenFile {
  /** As the page writes it, under site/assets/: /industries/mining/field.webp */
  src: string;
  width: number;
  height: number;
  bytes: number;
}

export interface WrittenPicture extends WrittenFile {
  phone?: WrittenFile;
}

export interface PictureRequest {
  /** The page the picture is for: its address names the folder (site/assets/industries/mining/). */
  page: PagePath;
  /** The dropped file's own name, only ever a hint for the new name: no folder of it is used. */
  name: unknown;
  /** Make a phone version cut this way ("right" or "centre"); absent for blocks without one. */
  phone: unknown;
  /** "1" when the person said to write over a picture of the same name. */
  replace: unknown;
}

/**
 * The new file's name from the dropped file's name: its last part only (a name like
 * ../../etc/passwd.jpg becomes "passwd"), without its extension, in lower-case letters,
 * digits and dashes, as every file under site/assets/ is named.
 */
export function pictureName(raw: unknown): string {
  const last = typeof raw === "string" ? (raw.split(/[\\/]/).pop() ?? "") : "";
  const stem = last.replace(/\.[^.]*$/, "");
  const slug = stem
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug === "" ? "picture" : slug;
}

/** The folder under site/assets/ of a page's pictures: its address (the home page's are under home/). */
function folderOf(root: string, page: PagePath): string {
  const route = routeOfFile(relative(join(root, "site"), join(root, page)).split("\\").join("/"));
  return route === "/" ? "home" : route.slice(1);
}

/** Encode as WebP within the budget: lower quality first, then smaller, until it fits. */
async function webpWithinBudget(pipeline: () => Sharp, width: number, height: number): Promise<{ data: Buffer; width: number; height: number }> {
  for (let scale = 1; ; scale *= 0.8) {
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    for (const quality of [82, 72, 62]) {
      const { data, info } = await pipeline().resize(w, h, { fit: "fill" }).webp({ quality, effort: 4 }).toBuffer({ resolveWithObject: true });
      if (data.length <= PICTURE_BUDGET_BYTES || w <= 64) return { data, width: info.width, height: info.height };
    }
  }
}

/** Write beside and link in: `link` fails when the name exists, so a picture is never written over unless asked. */
function place(full: string, data: Buffer, replace: boolean): boolean {
  const temp = `${full}.${process.pid}.uploading`;
  writeFileSync(temp, data);
  try {
    if (replace) renameSync(temp, full);
    else linkSync(temp, full);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    if (existsSync(temp)) unlinkSync(temp);
  }
}

/** A picture encoded as the site keeps its pictures, not yet written: where it goes and its bytes. */
export interface EncodedPicture {
  /** Its folder under site/assets/ (the page's address), and the stem its name starts from. */
  folder: string;
  base: string;
  replace: boolean;
  main: { data: Buffer; width: number; height: number };
  phone: { data: Buffer; width: number; height: number } | null;
}

/**
 * Check an uploaded picture from its bytes and encode it as the site keeps its pictures: WebP
 * (what the site's own stills and posters are), turned upright as its camera said, without its
 * metadata (camera, place), at most 1600 pixels on its longer side and within the 150 KB
 * budget; with a phone version (a 2:3 cut) when asked. SVG is refused: an SVG is a document
 * that can carry scripts, event handlers and references to other sites, and the site's own
 * are drawn by tools/artwork, which guarantees none.
 */
export async function encodePicture(root: string, request: PictureRequest, bytes: Buffer): Promise<EncodedPicture> {
  if (bytes.length === 0) throw new EditorInputError(400, "The upload is empty: drop or choose a picture file.");
  const phone = request.phone === undefined || request.phone === "" ? null : request.phone;
  if (phone !== null && !(PHONE_CUTS as readonly unknown[]).includes(phone))
    throw new EditorInputError(400, `phone is how the phone version is cut: ${PHONE_CUTS.join(" or ")}.`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message))
      throw new EditorInputError(413, `The picture is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} million pixels. Make it smaller first.`);
    throw new EditorInputError(415, "This file is not a picture the editor can read: upload a JPEG, PNG or WebP file.");
  }
  if (meta.format === "svg")
    throw new EditorInputError(
      415,
      "SVG files are not accepted: an SVG can carry scripts and links to other sites. Save the picture as PNG or WebP and upload that; the site's own drawings come from tools/artwork.",
    );
  if (!ACCEPTED[meta.format]) throw new EditorInputError(415, `This is a ${meta.format.toUpperCase()} file: upload a JPEG, PNG or WebP picture.`);
  if ((meta.pages ?? 1) > 1) throw new EditorInputError(415, "Moving pictures are not accepted here: upload one still JPEG, PNG or WebP picture.");
  const width = meta.autoOrient.width;
  const height = meta.autoOrient.height;
  const read = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, failOn: "error" });
  const fit = Math.min(1, LARGEST_SIDE / Math.max(width, height));
  let main;
  try {
    main = await webpWithinBudget(read, width * fit, height * fit);
  } catch {
    throw new EditorInputError(415, `The ${ACCEPTED[meta.format]} file is damaged and cannot be read: save it again from the program that made it.`);
  }
  let phoneFile: EncodedPicture["phone"] = null;
  if (phone !== null) {
    // The largest 2:3 window of the picture, at the side the block shows on a phone.
    const cutWidth = Math.min(width, Math.round((height * 2) / 3));
    const cutHeight = Math.min(height, Math.round((width * 3) / 2));
    const left = phone === "right" ? width - cutWidth : Math.floor((width - cutWidth) / 2);
    const top = Math.floor((height - cutHeight) / 2);
    const shrink = Math.min(1, PHONE_SIZE.width / cutWidth, PHONE_SIZE.height / cutHeight);
    phoneFile = await webpWithinBudget(() => read().extract({ left, top, width: cutWidth, height: cutHeight }), cutWidth * shrink, cutHeight * shrink);
  }
  return { folder: folderOf(root, request.page), base: pictureName(request.name), replace: request.replace === "1", main, phone: phoneFile };
}

/** The files of an encoded picture under a stem: their paths under site/assets/ (as the page writes them) and what the page is told. */
function named(picture: EncodedPicture, stem: string): { files: { src: string; data: Buffer }[]; written: WrittenPicture } {
  const src = `/${picture.folder}/${stem}.webp`;
  const written: WrittenPicture = { src, width: picture.main.width, height: picture.main.height, bytes: picture.main.data.length };
  const files = [{ src, data: picture.main.data }];
  if (picture.phone) {
    const phoneSrc = `/${picture.folder}/${stem}-phone.webp`;
    written.phone = { src: phoneSrc, width: picture.phone.width, height: picture.phone.height, bytes: picture.phone.data.length };
    files.push({ src: phoneSrc, data: picture.phone.data });
  }
  return { files, written };
}

/**
 * The first name from the picture's own (then -2, -3, …) whose files are free, or 409. A name is
 * taken when any of its files (the picture, its phone version) is under site/assets/ or is one
 * `heldElsewhere` says a staff draft holds.
 */
export async function freeName(root: string, picture: EncodedPicture, heldElsewhere: (src: string) => Promise<boolean>) {
  const assets = join(root, "site", "assets");
  for (let n = 1; n < 1000; n++) {
    const candidate = named(picture, n === 1 ? picture.base : `${picture.base}-${n}`);
    let free = true;
    for (const file of candidate.files) if (existsSync(join(assets, file.src)) || (await heldElsewhere(file.src))) free = false;
    if (free) return candidate;
  }
  throw new EditorInputError(409, `There are already 999 pictures named ${picture.base} in site/assets/${picture.folder}/: give the file another name.`);
}

/**
 * An uploaded picture checked, encoded and written under site/assets/ (see encodePicture): never
 * over another unless asked, nor under a name `heldElsewhere` says is taken (a staff draft's picture).
 */
export async function writePicture(
  root: string,
  request: PictureRequest,
  bytes: Buffer,
  heldElsewhere: (src: string) => Promise<boolean> = async () => false,
): Promise<WrittenPicture> {
  const picture = await encodePicture(root, request, bytes);
  const assets = join(root, "site", "assets");
  mkdirSync(join(assets, picture.folder), { recursive: true });
  if (picture.replace) {
    const { files, written } = named(picture, picture.base);
    for (const file of files) place(join(assets, file.src), file.data, true);
    return written;
  }
  // Two uploads of one name at once: `place` links, which fails for the second, and it takes the next name.
  for (;;) {
    const { files, written } = await freeName(root, picture, heldElsewhere);
    if (!place(join(assets, files[0]!.src), files[0]!.data, false)) continue;
    for (const file of files.slice(1)) place(join(assets, file.src), file.data, true);
    return written;
  }
}

/** The refusal of an upload over MAX_UPLOAD_BYTES, sent before its body is read. */
export const UPLOAD_TOO_LARGE = `The picture is too large: an upload may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Make it smaller first.`;
