import type { FastifyInstance } from "fastify";

/** Raised for a body that is not UTF-8; error-responses.ts turns it into a 400. */
export class InvalidUtf8Error extends Error {
  override name = "InvalidUtf8Error";
  readonly code = "NEXA_BODY_NOT_UTF8";
  readonly statusCode = 400;
  constructor() {
    super("The request body is not valid UTF-8.");
  }
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * JSON bodies as fastify parses them (empty body, `__proto__` and `constructor.prototype`
 * are errors), but read as bytes and decoded strictly: invalid UTF-8 is refused instead of
 * silently becoming U+FFFD in a stored name.
 */
export function registerStrictJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new InvalidUtf8Error(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
