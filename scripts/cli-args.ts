import { resolve } from "node:path";

/** The command-line shape the project's scripts share: `--root DIR`, `--help`, named options with a value, and files or words. */
export interface CliArgs {
  root: string;
  /** Values of the named options given, by name without dashes (`--format json` or `--format=json`). */
  values: Record<string, string>;
  positional: string[];
}

/** A usage error: the message and the usage line on stderr, exit code 2. */
export function usageError(usage: string, message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/** Read `argv`; `--help` prints the usage and exits 0, and anything unknown is a usage error. */
export function readArgs(argv: string[], usage: string, valueOptions: string[] = []): CliArgs {
  const args: CliArgs = { root: process.cwd(), values: {}, positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const named = valueOptions.find((name) => arg === `--${name}` || arg.startsWith(`--${name}=`));
    if (named !== undefined) {
      args.values[named] = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : (argv[++i] ?? usageError(usage, `--${named} needs a value`));
    } else if (arg === "--root") args.root = resolve(argv[++i] ?? usageError(usage, "--root needs a directory"));
    else if (arg === "--help" || arg === "-h") {
      console.log(usage);
      process.exit(0);
    } else if (arg.startsWith("-")) usageError(usage, `unknown option ${arg}`);
    else args.positional.push(arg);
  }
  return args;
}
