import type { Enquiry } from "../../shared/generated/schema-types.ts";

export const ENQUIRY_PATH = "/api/v1/enquiries/";

export type SubmitResult = { kind: "ok"; sessionId: string } | { kind: "rejected"; status: number } | { kind: "network"; error: unknown };

export interface SubmitOptions {
  fetch: typeof globalThis.fetch;
  /** Sent as the Idempotency-Key header: the same key on a retry makes the server store the enquiry once. */
  idempotencyKey: string;
  /** Where the API lives; empty means this same origin. Default: VITE_API_BASE at build time. */
  apiBase?: string | undefined;
}

/** VITE_API_BASE + the enquiry path; a trailing slash on the base is not doubled. */
export function enquiryEndpoint(apiBase: string | undefined = import.meta.env.VITE_API_BASE): string {
  return (apiBase ?? "").replace(/\/+$/, "") + ENQUIRY_PATH;
}

// SPEC §7: an OK answer is read for session_id; an answer without one (or not JSON) still counts as sent.
async function sessionIdOf(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === "object" && body !== null && "session_id" in body && typeof body.session_id === "string") return body.session_id;
  } catch {
    // The enquiry was accepted; an unreadable body only costs the session id.
  }
  return "";
}

/** Posts the enquiry. Never throws: the three outcomes of SPEC §7 come back as values. */
export async function submitEnquiry(payload: Enquiry, { fetch: send, idempotencyKey, apiBase }: SubmitOptions): Promise<SubmitResult> {
  let response: Response;
  try {
    response = await send(enquiryEndpoint(apiBase), {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
      body: JSON.stringify(payload),
    });
  } catch (error) {
    return { kind: "network", error };
  }
  if (!response.ok) return { kind: "rejected", status: response.status };
  return { kind: "ok", sessionId: await sessionIdOf(response) };
}
