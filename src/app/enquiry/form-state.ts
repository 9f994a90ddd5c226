/** SPEC §9.2: the country code choices. "other" reveals a field for any other ISD code. */
export const INDIA_CODE = "+91";
export const OTHER_CODE = "other";
export type CountryCode = typeof INDIA_CODE | typeof OTHER_CODE;

/** SPEC §9.2's limits on the two phone inputs: "+" and up to 4 digits; exactly 10 digits. */
export const ISD_CODE_MAX_LENGTH = 5;
export const PHONE_NUMBER_LENGTH = 10;

/** The form's fields (SPEC §3, "Enquiry form state"); this is what goes to localStorage as enquiryFormData. */
export interface EnquiryFormData {
  firstName: string;
  lastName: string;
  email: string;
  countryCode: CountryCode;
  phoneNumber: string;
  subject: string;
  message: string;
  /** Held separately and used only when countryCode is "other". */
  customIsdCode: string;
}

export type EnquiryField = keyof EnquiryFormData;

/** The first problem found on submit: which field, and the text the visitor is shown. */
export interface FieldProblem {
  field: EnquiryField;
  message: string;
}

export interface EnquiryFormState {
  data: EnquiryFormData;
  /** "sending" from the moment a valid form is sent until the server (or the network) answers. */
  status: "editing" | "sending";
  problem: FieldProblem | null;
  /** One key per fill: made on the first send, kept for retries, dropped on success. */
  idempotencyKey: string | null;
}

export type EnquiryFormAction =
  | { [F in EnquiryField]: { type: "edit"; field: F; value: EnquiryFormData[F] } }[EnquiryField]
  | { type: "invalid"; problem: FieldProblem }
  | { type: "send"; idempotencyKey: string }
  | { type: "succeeded" }
  | { type: "failed" };

export const EMPTY_ENQUIRY_FORM: Readonly<EnquiryFormData> = Object.freeze({
  firstName: "",
  lastName: "",
  email: "",
  countryCode: INDIA_CODE,
  phoneNumber: "",
  subject: "",
  message: "",
  customIsdCode: "",
});

export const INITIAL_ENQUIRY_FORM_STATE: Readonly<EnquiryFormState> = Object.freeze({
  data: EMPTY_ENQUIRY_FORM,
  status: "editing",
  problem: null,
  idempotencyKey: null,
});

export function isCountryCode(value: string): value is CountryCode {
  return value === INDIA_CODE || value === OTHER_CODE;
}

// A problem stays until the visitor touches its field, or hides it (leaving "other" hides the ISD field).
function problemAfterEdit(problem: FieldProblem | null, action: Extract<EnquiryFormAction, { type: "edit" }>): FieldProblem | null {
  if (problem === null || problem.field === action.field) return null;
  if (problem.field === "customIsdCode" && action.field === "countryCode" && action.value !== OTHER_CODE) return null;
  return problem;
}

/**
 * The contact form's transitions (SPEC §4): editing; a failed check; sending; on success a
 * reset to the empty form (country code back to +91, custom ISD cleared, a new key next time);
 * on failure back to editing with every field and the key kept, so a retry cannot store twice.
 */
export function enquiryFormReducer(state: EnquiryFormState, action: EnquiryFormAction): EnquiryFormState {
  switch (action.type) {
    case "edit":
      return { ...state, data: { ...state.data, [action.field]: action.value }, problem: problemAfterEdit(state.problem, action) };
    case "invalid":
      return state.status === "sending" ? state : { ...state, problem: action.problem };
    case "send":
      if (state.status === "sending") return state;
      return { ...state, status: "sending", problem: null, idempotencyKey: action.idempotencyKey };
    case "succeeded":
      return INITIAL_ENQUIRY_FORM_STATE;
    case "failed":
      return { ...state, status: "editing" };
  }
}
