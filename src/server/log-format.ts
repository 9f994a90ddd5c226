// How the server's log looks. A person running `npm start` reads lines such as
//   [2026-11-25 09:30:00] INFO: nexa site and API on http://127.0.0.1:3000 (SQLite data/enquiries.db)
//   [2026-11-25 09:30:04] DEBUG: POST /api/v1/enquiries/ 201 2.4 ms session 0d5c…
// (pino-pretty, on this thread: a handful of lines at info needs no worker); a machine reading
// the log sets LOG_FORMAT=json and gets pino's one JSON object per line.
import { Writable } from "node:stream";
import type { FastifyServerOptions } from "fastify";
import pretty, { type PrettyOptions } from "pino-pretty";
import type { ServerSettings } from "../shared/generated/schema-types.ts";

/** LOG_FORMAT's values (schema/serverSettings.schema.json). */
export type LogFormat = NonNullable<ServerSettings["LOG_FORMAT"]>;

/** Fields of the per-request line (request-log.ts), folded into its message in the human format. */
interface RequestLine {
  method?: unknown;
  url?: unknown;
  status?: unknown;
  ms?: unknown;
  session_id?: unknown;
}

function humanMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? "");
  if (message !== "request") return message;
  const { method, url, status, ms, session_id: sessionId } = log as RequestLine;
  return `${String(method)} ${String(url)} ${String(status)} ${String(ms)} ms${sessionId === undefined ? "" : ` session ${String(sessionId)}`}`;
}

/** pino-pretty's settings for the human format, writing to `destination` (stdout by default). */
export function humanLogOptions(destination?: NodeJS.WritableStream): PrettyOptions {
  return {
    destination: destination ?? 1,
    sync: true,
    colorize: destination === undefined && process.stdout.isTTY === true,
    translateTime: "SYS:yyyy-mm-dd HH:MM:ss",
    // The process and host are the same on every line; a request line's fields are in its message.
    ignore: "pid,hostname,reqId,method,url,status,ms,session_id",
    messageFormat: humanMessage,
  };
}

/**
 * Fastify's logger option in the chosen format: the human format is the same pino logger
 * writing through pino-pretty. Options that are off (false) or already a logger pass unchanged.
 */
export function loggerInFormat(logger: FastifyServerOptions["logger"], format: LogFormat): FastifyServerOptions["logger"] {
  if (format === "json" || typeof logger !== "object" || logger === null) return logger;
  const { stream, ...options } = logger as { stream?: { write(line: string): unknown }; level?: string };
  return { ...options, stream: pretty(humanLogOptions(stream === undefined ? undefined : asWritable(stream))) };
}

/** pino takes any object with write(); pino-pretty writes into a real stream. */
function asWritable(target: { write(line: string): unknown }): NodeJS.WritableStream {
  if (target instanceof Writable) return target;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      target.write(chunk.toString("utf8"));
      done();
    },
  });
}
