import { vi } from "vitest";

/** What a command run printed and its exit code, as a spawned run gives them (stdout and stderr trimmed). */
export interface CommandRun {
  code: number | undefined;
  out: string;
  err: string;
}

/**
 * Runs a command's function in this process with process.exit and the console captured: the
 * exit code (process.exit's, else the function's result) and what it printed. A spawned
 * command costs a second or more of start-up, so the tables of cases run here and each command
 * keeps a spawned run or two for what only a real process shows (the exit status, no stack trace).
 */
export async function inProcess(command: () => number | undefined | void | Promise<number | undefined | void>): Promise<CommandRun> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) => void out.push(parts.join(" ")));
  const warn = vi.spyOn(console, "warn").mockImplementation((...parts: unknown[]) => void err.push(parts.join(" ")));
  const error = vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void err.push(parts.join(" ")));
  const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
    throw new CommandExit(Number(code ?? 0));
  });
  let code: number | undefined;
  try {
    code = (await command()) ?? undefined;
  } catch (thrown) {
    if (!(thrown instanceof CommandExit)) throw thrown;
    code = thrown.code;
  } finally {
    for (const spy of [log, warn, error, exit]) spy.mockRestore();
  }
  return { code, out: out.join("\n").trim(), err: err.join("\n").trim() };
}

class CommandExit extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}
