import { afterEach, describe, expect, it, vi } from "vitest";
import { buildEnquiryPayload } from "../../../../src/app/enquiry/build-enquiry-payload.ts";
import { enquiryEndpoint, submitEnquiry, type SubmitResult } from "../../../../src/app/enquiry/submit-enquiry.ts";
import { VALID_FORM } from "./fixtures.ts";

interface Call {
  url: string;
  init: RequestInit | undefined;
}

/** A fetch that records its calls and answers with `answer()`. */
function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return answer();
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const payload = buildEnquiryPayload(VALID_FORM);
const offline = new TypeError("Failed to fetch");

const ANSWERS: { name: string; answer: () => Response | Promise<Response>; result: SubmitResult }[] = [
  {
    name: "201 with a session_id",
    answer: () => json(201, { session_id: "0f8f6a4e-3b1c-4d2e-9f00-1234567890ab" }),
    result: { kind: "ok", sessionId: "0f8f6a4e-3b1c-4d2e-9f00-1234567890ab" },
  },
  { name: "201 without a session_id", answer: () => json(201, {}), result: { kind: "ok", sessionId: "" } },
  { name: "201 with a session_id that is not text", answer: () => json(201, { session_id: 42 }), result: { kind: "ok", sessionId: "" } },
  { name: "201 with a body that is not JSON", answer: () => new Response("stored", { status: 201 }), result: { kind: "ok", sessionId: "" } },
  { name: "201 with an empty body", answer: () => new Response(null, { status: 201 }), result: { kind: "ok", sessionId: "" } },
  { name: "200 with a session_id", answer: () => json(200, { session_id: "abc" }), result: { kind: "ok", sessionId: "abc" } },
  { name: "400", answer: () => json(400, { error: "Some fields are missing or not valid.", fields: {} }), result: { kind: "rejected", status: 400 } },
  { name: "429", answer: () => json(429, { error: "Too many enquiries." }), result: { kind: "rejected", status: 429 } },
  { name: "500", answer: () => json(500, { error: "Internal server error" }), result: { kind: "rejected", status: 500 } },
  { name: "500 with an HTML body", answer: () => new Response("<h1>Bad gateway</h1>", { status: 502 }), result: { kind: "rejected", status: 502 } },
  { name: "a network error", answer: () => Promise.reject(offline), result: { kind: "network", error: offline } },
];

describe("submitEnquiry", () => {
  it.each(ANSWERS)("$name → $result.kind", async ({ answer, result }) => {
    const { fetch } = fakeFetch(answer);
    expect(await submitEnquiry(payload, { fetch, idempotencyKey: "key-1", apiBase: "" })).toEqual(result);
  });

  it("posts the payload as JSON to /api/v1/enquiries/ with the Idempotency-Key header", async () => {
    const { fetch, calls } = fakeFetch(() => json(201, { session_id: "s" }));
    await submitEnquiry(payload, { fetch, idempotencyKey: "5b8e0c1e-2f4a-4c1b-9d3e-7a6f0e2b9c41", apiBase: "" });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/v1/enquiries/");
    expect(calls[0]!.init?.method).toBe("POST");
    expect(calls[0]!.init?.headers).toEqual({ "Content-Type": "application/json", "Idempotency-Key": "5b8e0c1e-2f4a-4c1b-9d3e-7a6f0e2b9c41" });
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual(payload);
  });

  it("calls fetch without binding it to the options object (window.fetch refuses that)", async () => {
    const fetch = vi.fn(() => Promise.resolve(json(201, {})));
    await submitEnquiry(payload, { fetch, idempotencyKey: "k", apiBase: "" });
    expect(fetch.mock.contexts).toEqual([undefined]);
  });
});

describe("enquiryEndpoint", () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    ["", "/api/v1/enquiries/"],
    ["https://api.example.com", "https://api.example.com/api/v1/enquiries/"],
    ["https://api.example.com/", "https://api.example.com/api/v1/enquiries/"],
    ["https://example.com/backend//", "https://example.com/backend/api/v1/enquiries/"],
  ])("VITE_API_BASE %j → %s", (base, url) => {
    expect(enquiryEndpoint(base)).toBe(url);
  });

  it.each([
    ["https://api.example.com", "https://api.example.com/api/v1/enquiries/"],
    ["", "/api/v1/enquiries/"],
  ])("defaults to import.meta.env.VITE_API_BASE (%j → %s)", (base, url) => {
    vi.stubEnv("VITE_API_BASE", base);
    expect(enquiryEndpoint()).toBe(url);
  });

  it("submitEnquiry posts to VITE_API_BASE when no apiBase is given", async () => {
    vi.stubEnv("VITE_API_BASE", "https://api.example.com");
    const { fetch, calls } = fakeFetch(() => json(201, {}));
    await submitEnquiry(payload, { fetch, idempotencyKey: "k" });
    expect(calls[0]!.url).toBe("https://api.example.com/api/v1/enquiries/");
  });
});
