import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { EnquiryStore } from "../../../src/server/store.ts";
import { openTempStore, postEnquiry, testApp, VALID_ENQUIRY } from "./helpers.ts";

function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  // Request lines are debug lines; JSON, so each line's fields can be read back.
  return { lines, logger: { level: "debug", stream }, logFormat: "json" as const };
}

const PERSONAL = [VALID_ENQUIRY.first_name, VALID_ENQUIRY.last_name, VALID_ENQUIRY.email, VALID_ENQUIRY.phone, VALID_ENQUIRY.message];

describe("request log", () => {
  it("writes one line for a POST with its status and session_id and nothing personal", async () => {
    const { lines, logger, logFormat } = logCapture();
    const { app } = testApp({ logger, logFormat });
    const response = await postEnquiry(app, VALID_ENQUIRY, { "user-agent": "Asha's browser", cookie: "a=b" });
    const sessionId: string = response.json().session_id;
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? "{}");
    expect(entry).toMatchObject({ method: "POST", url: "/api/v1/enquiries/", status: 201, session_id: sessionId });
    expect(entry.ms).toEqual(expect.any(Number));
    for (const value of [...PERSONAL, "Asha's browser", "127.0.0.1"]) expect(lines[0]).not.toContain(value);
  });

  it("keeps the personal data of a rejected enquiry out of the log too", async () => {
    const { lines, logger, logFormat } = logCapture();
    const { app } = testApp({ logger, logFormat });
    await postEnquiry(app, { ...VALID_ENQUIRY, email: "asha.verma@", extra: VALID_ENQUIRY.email });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ status: 400 });
    for (const value of [...PERSONAL, "asha.verma@"]) expect(lines.join("\n")).not.toContain(value);
  });

  it("leaves the query string out of a page request's line", async () => {
    const { lines, logger, logFormat } = logCapture();
    const { app } = testApp({ logger, logFormat });
    await app.inject({ url: "/courses/explore?email=asha.verma%40example.com" });
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ method: "GET", url: "/courses/explore", status: 200 });
    expect(lines.join("\n")).not.toContain("asha");
  });

  it("logs a server fault with its stack but not the values a driver attaches", async () => {
    const { lines, logger, logFormat } = logCapture();
    const failing: EnquiryStore = {
      ...openTempStore(),
      insert: async () => {
        throw Object.assign(new Error("duplicate key value violates unique constraint"), {
          code: "23505",
          detail: `Key (email)=(${VALID_ENQUIRY.email}) already exists.`,
        });
      },
    };
    const { app } = testApp({ logger, logFormat, store: failing });
    await postEnquiry(app, VALID_ENQUIRY);
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.map((entry) => entry.msg)).toEqual(["request failed", "request"]);
    expect(entries[0].err).toMatchObject({ code: "23505", stack: expect.stringContaining("Error: duplicate key") });
    expect(entries[1]).toMatchObject({ status: 500 });
    for (const value of PERSONAL) expect(lines.join("\n")).not.toContain(value);
  });
});
