import { vi } from "vitest";

/** What a command run printed and its exit code, as a spawned run gives them (stdout and stderr trimmed), and what the function returned. */
export interface CommandRun<T = unknown> {
  code: number | undefined;
  out: string;
  err: string;
  /** The function's own return value; absent when it called process.exit. */
  result?: T;
}

/**
 * Runs a command's function in this process with process.exit and the console captured: the
 * exit code (process.exit's, else the function's result) and what it printed. A spawned
 * command costs a second or more of start-up, so the tables of cases run here and each command
 * keeps a spawned run or two for what only a real process shows (the exit status, no stack trace).
 */
export async function inProcess<T>(command: () => T | Promise<T>): Promise<CommandRun<T>> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) => void out.push(parts.join(" ")));
  const warn = vi.spyOn(console, "warn").mockImplementation((...parts: unknown[]) => void err.push(parts.join(" ")));
  const error = vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void err.push(parts.join(" ")));
  const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
    throw new CommandExit(Number(code ?? 0));
  });
  let code: number | undefined;
  let result: T | undefined;
  let returned = false;
  try {
    result = await command();
    returned = true;
    code = typeof result === "number" ? result : undefined;
  } catch (thrown) {
    if (!(thrown instanceof CommandExit)) throw thrown;
    code = thrown.code;
  } finally {
    for (const spy of [log, warn, error, exit]) spy.mockRestore();
  }
  const run: CommandRun<T> = { code, out: out.join("\n").trim(), err: err.join("\n").trim() };
  return returned ? { ...run, result } : run;
}

class CommandExit extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}
