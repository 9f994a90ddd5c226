import type { EnquiryFormData } from "./form-state.ts";

export const SESSION_ID_KEY = "enquirySessionId";
export const FORM_DATA_KEY = "enquiryFormData";

/**
 * SPEC §3: after a successful send, keep the session id ("" if none) and the whole form as JSON.
 * Returns false when storage is missing or refuses (private mode, quota): the enquiry is sent
 * all the same, so that must not stop the thank-you.
 */
export function saveSubmittedEnquiry(storage: Pick<Storage, "setItem"> | null, sessionId: string, data: EnquiryFormData): boolean {
  if (storage === null) return false;
  try {
    storage.setItem(SESSION_ID_KEY, sessionId);
    storage.setItem(FORM_DATA_KEY, JSON.stringify(data));
    return true;
  } catch {
    return false;
  }
}

/** window.localStorage, or null where reading it throws (storage blocked by the browser). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
