/**
 * A file of one value whose bulky parts are read and decoded the first time something reads
 * them: the check store's format (site-checks.ts).
 *
 * At 10,000 pages the store holds about 90 MB, most of it the pages' sections and the references
 * found in them. Decoding all of it took 1.7 s of a one-title rebuild, and the garbage collector
 * another 0.8 s, yet such a build reads the sections of a few dozen pages (the courses, whose
 * tables give their structured data): the others need only their routes, titles and the digests
 * kept beside them. So those parts are written apart from the value, each as bytes of its own,
 * and a part is read from the file and decoded at its first read: a getter that replaces itself
 * with the value, so later reads cost nothing and the object keeps its key order (digests of its
 * JSON depend on it).
 *
 * The file: a mark ("PACK"), where the value starts and its length, the parts, then the value (v8
 * serialisation) with each part replaced by its number. The parts come first so that each is
 * written as soon as it is encoded. The file stays open while a part of it is unread; the store
 * is replaced by renaming a new file over it, so what an open file holds never changes under its
 * reader.
 *
 * Written by hand: v8's serialiser (like structuredClone) has no way to leave part of a graph
 * encoded, and the formats that decode lazily (flatbuffers, capnp) need a schema of their own.
 */
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { deserialize, serialize } from "node:v8";

const MARK = Buffer.from("PACK");
/** The mark, then where the value starts (8 bytes) and its length (4 bytes). */
const HEAD = MARK.byteLength + 12;

/** A part nothing has read yet: where its bytes are, and how they are decoded. */
interface Unread {
  file: PackedFile;
  index: number;
  decode: (bytes: Uint8Array, target: object) => unknown;
}

/** Objects with parts nothing has read yet: each part's key and where it is. */
const pending = new WeakMap<object, Record<string, Unread>>();

/** The value of an unread part now taken (read, or replaced by a write): it becomes a plain property in the same place. */
function settle(target: object, key: string, value: unknown): unknown {
  const parts = pending.get(target)!;
  const { file } = parts[key]!;
  delete parts[key];
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  file.partTaken();
  return value;
}

/**
 * The accessor of every unread part under one key, shared by all their objects (`this` is the
 * object): 10,000 parts cost 10,000 small records, not 10,000 sets of closures.
 */
const accessors = new Map<string, PropertyDescriptor>();
function accessorOf(key: string): PropertyDescriptor {
  let descriptor = accessors.get(key);
  if (!descriptor) {
    descriptor = {
      get(this: object) {
        const { file, index, decode } = pending.get(this)![key]!;
        return settle(this, key, decode(file.bytesOf(index), this));
      },
      set(this: object, value: unknown) {
        settle(this, key, value);
      },
      enumerable: true,
      configurable: true,
    };
    accessors.set(key, descriptor);
  }
  return descriptor;
}

/** One part of a value to write apart: `target[key]`, encoded by `encode` (v8 serialisation by default). */
export type Part = [target: object, key: string, encode?: () => Uint8Array];

/**
 * Writes `value` to `file` (through a file beside it, renamed over it), each part apart. The parts'
 * values are put back before this returns; a part still unread is copied as its bytes.
 */
export function writePacked(file: string, parts: readonly Part[], value: () => unknown): void {
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, "w");
  let at = HEAD;
  const write = (bytes: Uint8Array, position: number) => {
    for (let done = 0; done < bytes.byteLength;) done += writeSync(fd, bytes, done, bytes.byteLength - done, position + done);
  };
  try {
    const before: [object, string, PropertyDescriptor][] = [];
    const offsets = [0];
    let graph: Buffer;
    try {
      // Each part is written as soon as it is encoded, so the parts (most of the file) are never all in memory at once.
      for (const [target, key, encode] of parts) {
        const unread = pending.get(target)?.[key];
        const bytes = unread ? unread.file.bytesOf(unread.index) : encode ? encode() : serialize((target as Record<string, unknown>)[key]);
        write(bytes, at);
        at += bytes.byteLength;
        offsets.push(at - HEAD);
        before.push([target, key, Object.getOwnPropertyDescriptor(target, key)!]);
        Object.defineProperty(target, key, { value: before.length - 1, writable: true, enumerable: true, configurable: true });
      }
      graph = serialize({ offsets, value: value() });
    } finally {
      for (const [target, key, descriptor] of before.reverse()) Object.defineProperty(target, key, descriptor);
    }
    write(graph, at);
    const head = Buffer.alloc(HEAD);
    MARK.copy(head);
    head.writeBigUInt64LE(BigInt(at), MARK.byteLength);
    head.writeUInt32LE(graph.byteLength, MARK.byteLength + 8);
    write(head, 0);
  } catch (error) {
    closeSync(fd);
    // A file half written is never left behind (a full disk, a part that cannot be encoded).
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temp, file);
}

/** A file writePacked wrote, its value read, its parts left in the file until `defer`red ones are read. */
export class PackedFile {
  private fd: number | null;
  private readonly offsets: number[];
  private unread = 0;
  readonly value: unknown;

  /** Throws when the file is missing or is not such a file. */
  constructor(file: string) {
    const fd = openSync(file, "r");
    try {
      const head = Buffer.alloc(HEAD);
      const size = fstatSync(fd).size;
      if (readSync(fd, head, 0, HEAD, 0) !== HEAD || !head.subarray(0, MARK.byteLength).equals(MARK)) throw new Error(`${file} is not a packed file`);
      const start = Number(head.readBigUInt64LE(MARK.byteLength));
      const length = head.readUInt32LE(MARK.byteLength + 8);
      if (start < HEAD || start + length > size) throw new Error(`${file} is cut short`);
      const graph = Buffer.allocUnsafe(length);
      if (readSync(fd, graph, 0, length, start) !== length) throw new Error(`${file} is cut short`);
      const { offsets, value } = deserialize(graph) as { offsets: number[]; value: unknown };
      this.fd = fd;
      this.offsets = offsets;
      this.value = value;
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  /**
   * Makes `target[key]`, which holds a part's number, the value `decode` gives of its bytes (and
   * the object), read and decoded at its first read (or replaced unread by a write).
   */
  defer(target: object, key: string, decode: (bytes: Uint8Array, target: object) => unknown = deserialize): void {
    const index = (target as Record<string, unknown>)[key];
    if (typeof index !== "number" || !(index >= 0 && index < this.offsets.length - 1)) throw new Error(`${key} is not a part of this file`);
    let parts = pending.get(target);
    if (!parts) pending.set(target, (parts = {}));
    parts[key] = { file: this, index, decode };
    this.unread++;
    Object.defineProperty(target, key, accessorOf(key));
  }

  /** One of this file's deferred parts was read or replaced: the last closes the file. */
  partTaken(): void {
    if (--this.unread === 0) this.close();
  }

  /** Closes the file when no part of it is deferred (else the last read closes it). */
  closeIfDone(): void {
    if (this.unread === 0) this.close();
  }

  /** The bytes of part `index`, read from the file. */
  bytesOf(index: number): Uint8Array {
    if (this.fd === null) throw new Error("the file of this part is closed");
    const start = this.offsets[index]!;
    const bytes = Buffer.allocUnsafe(this.offsets[index + 1]! - start);
    if (readSync(this.fd, bytes, 0, bytes.byteLength, HEAD + start) !== bytes.byteLength) throw new Error("a part of the file is cut short");
    return bytes;
  }

  private close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** Whether `target[key]` is a deferred part nothing has read yet. */
export function isUnread(target: object, key: string): boolean {
  return pending.get(target)?.[key] !== undefined;
}
