import type { Enquiry } from "../enquiry.ts";
import { contentFindings, unreadLetters } from "./content-rules.ts";
import { checkFillActions, checkFillTime } from "./fill-time.ts";
import { checkFormToken } from "./form-token.ts";
import { checkProofOfWork } from "./proof-of-work.ts";

/**
 * Whether an enquiry is spam, and why. A submission that fails is still answered 201 with a
 * session id (a bot learns nothing), stored with its reasons, and never delivered; staff
 * release a real one with `npm run enquiries -- not-spam <session id>`.
 *
 * Every reason adds points; SPAM_SCORE or more is spam. A failed form defence (honeypot,
 * time token, fill time, proof of work) is enough alone; a content rule only counts towards it.
 */
export const SPAM_SCORE = 10;
const DEFENCE_POINTS = 10;

/** The form's honeypot: an input people never see or reach, which only a bot fills in. */
export const HONEYPOT_FIELD = "nx_check";

export type SpamReason =
  | "honeypot"
  | "token-missing"
  | "token-invalid"
  | "too-fast"
  | "token-expired"
  | "fill-time-missing"
  | "fill-too-fast"
  | "fill-untouched"
  | "pow-missing"
  | "pow-invalid"
  | "pow-expired"
  /** Added by the store: the challenge had already been used by an earlier enquiry. */
  | "pow-replayed"
  | "links"
  | "link-in-name"
  | "script";

export interface SpamVerdict {
  /** Every reason found, in a fixed order; empty for a clean enquiry. */
  reasons: SpamReason[];
  score: number;
  spam: boolean;
  /** A verified proof-of-work challenge, for the store to use up (the replay check). */
  challenge: { id: string; expiresAtMs: number } | undefined;
}

export interface SpamRules {
  /** Signs the form token and the proof-of-work challenges (ENQUIRY_FORM_SECRET or kept in the database). */
  formSecret: string;
  /** The scripts staff read (ENQUIRY_READ_SCRIPTS). */
  readScripts: readonly string[];
}

/** The fields the defences add to an enquiry (schema/enquiry.schema.json). */
type Defended = Enquiry & { form_token?: string; altcha?: string; fill_time_ms?: number; fill_actions?: number; [HONEYPOT_FIELD]?: string };

/** Judges a valid enquiry (the contract has passed) at `nowMs`. */
export function spamJudge(rules: SpamRules) {
  const unread = unreadLetters(rules.readScripts);
  return async function judge(enquiry: Defended, nowMs: number): Promise<SpamVerdict> {
    const reasons: SpamReason[] = [];
    let score = 0;
    const add = (reason: SpamReason, points: number) => {
      reasons.push(reason);
      score += points;
    };
    if ((enquiry[HONEYPOT_FIELD] ?? "") !== "") add("honeypot", DEFENCE_POINTS);
    const token = checkFormToken(enquiry.form_token, rules.formSecret, nowMs);
    if (!token.ok) add(token.reason, DEFENCE_POINTS);
    const fill = checkFillTime(enquiry.fill_time_ms);
    if (!fill.ok) add(fill.reason, DEFENCE_POINTS);
    const touched = checkFillActions(enquiry.fill_actions, enquiry.fill_time_ms);
    if (!touched.ok) add(touched.reason, DEFENCE_POINTS);
    const pow = await checkProofOfWork(enquiry.altcha, rules.formSecret, token.ok ? token.token.id : undefined);
    if (!pow.ok) add(pow.reason, DEFENCE_POINTS);
    for (const finding of contentFindings(enquiry, unread)) add(finding.reason, finding.points);
    return {
      reasons,
      score,
      spam: score >= SPAM_SCORE,
      challenge: pow.ok ? { id: pow.challengeId, expiresAtMs: pow.expiresAtMs } : undefined,
    };
  };
}
