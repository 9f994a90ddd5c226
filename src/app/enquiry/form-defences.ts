import { solveChallengeWorkers, type Challenge } from "altcha-lib";
import { enquiryEndpoint } from "./submit-enquiry.ts";

/**
 * What the enquiry form adds to its payload so the server can tell it from a bot
 * (docs/api.md, "Spam"): the signed time token and the proof-of-work answer. The prerendered
 * page is the same file for everyone, so it holds neither: the form fetches them from the
 * API once it comes into view or is first focused, and the answer is computed in a worker
 * while the visitor types. Nothing here ever stops a visitor from sending: a defence that
 * could not be prepared is simply left out (the server then keeps the enquiry for staff to
 * look at instead of delivering it at once).
 */
export interface DefenceFields {
  form_token?: string;
  altcha?: string;
}

export interface FormChallenge {
  form_token: string;
  challenge: Challenge;
}

/** GET /api/v1/enquiries/challenge, beside the enquiry endpoint. */
export function challengeEndpoint(apiBase?: string): string {
  return `${enquiryEndpoint(apiBase)}challenge`;
}

function isFormChallenge(body: unknown): body is FormChallenge {
  if (typeof body !== "object" || body === null) return false;
  const { form_token, challenge } = body as Partial<FormChallenge>;
  return typeof form_token === "string" && typeof challenge === "object" && challenge !== null && typeof challenge.parameters === "object";
}

export async function fetchFormChallenge(send: typeof fetch, apiBase?: string): Promise<FormChallenge> {
  const response = await send(challengeEndpoint(apiBase), { headers: { accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(`The form challenge answered ${response.status}.`);
  const body: unknown = await response.json();
  if (!isFormChallenge(body)) throw new Error("The form challenge was not understood.");
  return body;
}

/** ALTCHA's payload: the challenge and its solution, JSON in base64 (the text is ASCII). */
export function altchaPayload(challenge: Challenge, solution: { counter: number; derivedKey: string }): string {
  return btoa(JSON.stringify({ challenge, solution }));
}

/** Workers searching at once: two share the search on a phone without starving the page. */
const MAX_WORKERS = 2;
/** Long past any phone's time (under a second): the worker is given up on, not waited for forever. */
const SOLVE_TIMEOUT_MS = 30_000;

function newSolverWorker(): Worker {
  return new Worker(new URL("./proof-of-work-worker.ts", import.meta.url), { type: "module", name: "enquiry-proof-of-work" });
}

/** Finds the challenge's counter in workers; null when it could not (no Worker, a timeout). */
export async function solveFormChallenge(challenge: Challenge, createWorker: () => Worker = newSolverWorker): Promise<string | null> {
  const concurrency = Math.max(1, Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1));
  const solution = await solveChallengeWorkers({ challenge, concurrency, createWorker, timeout: SOLVE_TIMEOUT_MS });
  return solution ? altchaPayload(challenge, solution) : null;
}

export interface FormDefences {
  /** Starts fetching and solving, once; later calls do nothing. */
  start(): void;
  /** The fields to send: waits for a solve under way; starts one if none was. */
  fields(): Promise<DefenceFields>;
  /** After a successful send: the token is used up, so the next fill fetches a fresh one. */
  reset(): void;
}

export interface FormDefenceOptions {
  fetch: typeof fetch;
  apiBase?: string;
  solve?: (challenge: Challenge) => Promise<string | null>;
  onError?: (error: unknown) => void;
}

/** One form's defences: fetched and solved at most once per fill. */
export function formDefences({ fetch: send, apiBase, solve = solveFormChallenge, onError = () => {} }: FormDefenceOptions): FormDefences {
  let prepared: Promise<DefenceFields> | null = null;

  async function prepare(): Promise<DefenceFields> {
    let challenge: FormChallenge;
    try {
      challenge = await fetchFormChallenge(send, apiBase);
    } catch (error) {
      onError(error);
      return {};
    }
    try {
      const altcha = await solve(challenge.challenge);
      return altcha === null ? { form_token: challenge.form_token } : { form_token: challenge.form_token, altcha };
    } catch (error) {
      onError(error);
      return { form_token: challenge.form_token };
    }
  }

  // A fill whose token could not be fetched (offline for a moment) tries again on the next call.
  function begin(): Promise<DefenceFields> {
    const attempt = prepare().then((fields) => {
      if (fields.form_token === undefined && prepared === attempt) prepared = null;
      return fields;
    });
    return attempt;
  }

  return {
    start() {
      prepared ??= begin();
    },
    fields() {
      prepared ??= begin();
      return prepared;
    },
    reset() {
      prepared = null;
    },
  };
}
