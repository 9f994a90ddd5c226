import { request as httpRequest, type OutgoingHttpHeaders } from "node:http";

export interface RawRequest {
  method?: string;
  path?: string;
  headers?: OutgoingHttpHeaders;
  /** Sent as is (a string is UTF-8 encoded). */
  body?: string | Buffer;
  /** Send the body in pieces of this many bytes, with Transfer-Encoding: chunked (no Content-Length). */
  chunkSize?: number;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export const ENQUIRY_PATH = "/api/v1/enquiries/";

/**
 * One request on its own connection, bytes exactly as given, through node:http (fetch would
 * fix up content types and encodings). Resolves with the response even when the server
 * answers before the body is sent and closes the connection (a 413 to a 10 MB upload).
 */
export function send(baseUrl: string, options: RawRequest = {}, timeoutMs = 15_000): Promise<RawResponse> {
  const url = new URL(options.path ?? ENQUIRY_PATH, baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      url,
      {
        method: options.method ?? "POST",
        agent: false,
        headers: {
          ...(options.chunkSize ? { "transfer-encoding": "chunked" } : {}),
          ...options.headers,
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on("error", (error) => {
      // Writing the rest of a refused upload fails once the server has closed; the answer counts.
      if (!answered) {
        clearTimeout(timer);
        reject(error);
      }
    });
    const body = typeof options.body === "string" ? Buffer.from(options.body, "utf8") : options.body;
    if (body && options.chunkSize) {
      let offset = 0;
      const writeMore = () => {
        while (offset < body.length && !req.destroyed) {
          const piece = body.subarray(offset, offset + options.chunkSize!);
          offset += piece.length;
          if (!req.write(piece)) {
            req.once("drain", writeMore);
            return;
          }
        }
        if (!req.destroyed) req.end();
      };
      writeMore();
    } else {
      req.end(body);
    }
  });
}

export function postJson(baseUrl: string, payload: unknown, headers: OutgoingHttpHeaders = {}): Promise<RawResponse> {
  return send(baseUrl, { headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(payload) });
}
