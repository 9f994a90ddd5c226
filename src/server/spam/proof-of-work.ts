import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { FORM_TOKEN_MAX_AGE_MS } from "./form-token.ts";

/**
 * Proof of work with ALTCHA (altcha-lib, self-hosted: nothing leaves this server). The form
 * gets a challenge with its time token; a worker in the browser searches for the counter
 * while the visitor types, and the form sends the answer as `altcha` (ALTCHA's payload: the
 * challenge and the solution, JSON in base64).
 *
 * Sized so a phone finds it in well under a second: PBKDF2-SHA-256 at POW_COST iterations
 * per try, and the counter drawn from POW_COUNTER_MIN..POW_COUNTER_MAX (the solver tries
 * 0, 1, 2, … until the derived key matches): about 250 000 iterations on average. Few tries
 * of many iterations rather than the reverse: in a browser each try is an asynchronous
 * WebCrypto call whose fixed cost (around a millisecond on a busy machine) outweighs 2 000
 * iterations, which run in native code. Measured: `npm run bench:api -- --spam`.
 * Each challenge is made in deterministic mode with its key signed, so checking an answer
 * costs the server one HMAC, not a derivation.
 */
export const POW_ALGORITHM = "PBKDF2/SHA-256";
export const POW_COST = 2_000;
export const POW_COUNTER_MIN = 50;
export const POW_COUNTER_MAX = 200;

export type ProofOfWorkCheck = { ok: true; challengeId: string; expiresAtMs: number } | { ok: false; reason: "pow-missing" | "pow-invalid" | "pow-expired" };

/** The two HMAC keys altcha-lib wants, derived from the one form secret. */
function altchaSecrets(secret: string): { hmacSignatureSecret: string; hmacKeySignatureSecret: string } {
  const derive = (label: string) => createHmac("sha256", secret).update(label).digest("hex");
  return { hmacSignatureSecret: derive("nexa-altcha-challenge"), hmacKeySignatureSecret: derive("nexa-altcha-key") };
}

/** A challenge bound to the form token's id, expiring with it. */
export function createProofOfWorkChallenge(secret: string, id: string, issuedAtMs: number): Promise<Challenge> {
  return createChallenge({
    algorithm: POW_ALGORITHM,
    cost: POW_COST,
    counter: randomInt(POW_COUNTER_MAX, POW_COUNTER_MIN),
    deriveKey,
    data: { id },
    expiresAt: Math.floor((issuedAtMs + FORM_TOKEN_MAX_AGE_MS) / 1000),
    ...altchaSecrets(secret),
  });
}

function parsePayload(value: string): Payload | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
    if (typeof payload !== "object" || payload === null || !("challenge" in payload) || !("solution" in payload)) return null;
    const { challenge } = payload as Payload;
    if (typeof challenge !== "object" || challenge === null || typeof challenge.parameters !== "object" || challenge.parameters === null) return null;
    return payload as Payload;
  } catch {
    return null;
  }
}

/**
 * Checks the form's `altcha` answer: signed by this server, not expired, solved, and made for
 * the form token `tokenId` (when the token was valid). Whether it was used before is decided
 * by the store, in the transaction that stores the enquiry (the replay store is the database).
 */
export async function checkProofOfWork(value: unknown, secret: string, tokenId: string | undefined): Promise<ProofOfWorkCheck> {
  if (value === undefined || value === "") return { ok: false, reason: "pow-missing" };
  const payload = typeof value === "string" ? parsePayload(value) : null;
  if (payload === null) return { ok: false, reason: "pow-invalid" };
  let result;
  try {
    result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, ...altchaSecrets(secret) });
  } catch {
    // altcha-lib throws on parameters it cannot use (an unknown algorithm, a bad counter).
    return { ok: false, reason: "pow-invalid" };
  }
  if (result.expired) return { ok: false, reason: "pow-expired" };
  const id = payload.challenge.parameters.data?.id;
  const expiresAt = payload.challenge.parameters.expiresAt;
  if (!result.verified || typeof id !== "string" || typeof expiresAt !== "number") return { ok: false, reason: "pow-invalid" };
  if (tokenId !== undefined && id !== tokenId) return { ok: false, reason: "pow-invalid" };
  return { ok: true, challengeId: id, expiresAtMs: expiresAt * 1000 };
}
