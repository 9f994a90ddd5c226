import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, type ParseArgsConfig } from "node:util";

/**
 * The one option reader of every command, benchmark and tool: node:util parseArgs, with the
 * same answer to a mistake everywhere (the message and the usage line, exit 2) and to -h/--help
 * (the usage line, exit 0).
 */

/** Print the message and the usage line, exit 2: the commands' one answer to a mistake in how they were called. */
export function usageError(usage: string, message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

const HELP = { help: { type: "boolean", short: "h" } } as const;
/** The option every command that reads a site takes. */
const ROOT = { root: { type: "string", default: "." } } as const;

type Options = NonNullable<ParseArgsConfig["options"]>;
type Config<O extends Options> = { args: string[]; options: O & typeof HELP; allowPositionals: true };

/**
 * node:util parseArgs with positionals allowed and `-h/--help` added. A mistake in the options
 * (unknown, or missing its value) is a usage error; --help prints the usage and exits 0.
 */
export function readArgs<const O extends Options>(options: O, usage: string, args = process.argv.slice(2)) {
  const config: Config<O> = { args, options: { ...options, ...HELP }, allowPositionals: true };
  let parsed: ReturnType<typeof parseArgs<Config<O>>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    return usageError(usage, (error as Error).message);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed;
}

/**
 * node:util parseArgs as readArgs reads them, but a mistake (an unknown option, one missing its
 * value) is null instead of an exit: for a command whose parse is a tested function that decides
 * itself what a mistake prints.
 */
export function argsOrNull<const O extends Options>(options: O, args: readonly string[]) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, tokens: true });
  } catch {
    return null;
  }
}

/** readArgs plus `--root DIR` (default "."): for the commands that work on a site. */
export function readOptions<const O extends Options>(options: O, usage: string, args = process.argv.slice(2)) {
  return readArgs<O & typeof ROOT>({ ...options, ...ROOT }, usage, args);
}

/** A whole number of at least `min` from a string option, or a usage error naming the option. */
export function wholeNumber(value: string, option: string, usage: string, min = 1): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) usageError(usage, `--${option} needs a whole number of ${min} or more (got "${value}")`);
  return n;
}

/**
 * True when the module at `moduleUrl` is the program node was started with (under tsx, or
 * compiled: src/cli/launch.mjs sets argv[1] to the command's source file), so a file can be
 * both a command and a module that others import.
 */
export function isEntryPoint(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && fileURLToPath(moduleUrl) === resolve(process.argv[1]);
}
