import { parseArgs, type ParseArgsConfig } from "node:util";

/** Print the message and the usage line, exit 2: the commands' one answer to a mistake in how they were called. */
export function usageError(usage: string, message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/** Options every command takes. */
const COMMON = { root: { type: "string", default: "." }, help: { type: "boolean", short: "h" } } as const;

type Options = NonNullable<ParseArgsConfig["options"]>;
type Config<O extends Options> = { args: string[]; options: O & typeof COMMON; allowPositionals: true };

/**
 * node:util parseArgs with positionals allowed and `--root DIR` (default ".") and `-h/--help`
 * added. A mistake in the options (unknown, or missing its value) is a usage error; --help
 * prints the usage and exits 0.
 */
export function readOptions<const O extends Options>(options: O, usage: string, args = process.argv.slice(2)) {
  const config: Config<O> = { args, options: { ...options, ...COMMON }, allowPositionals: true };
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
