import { useEffect, useId, useReducer, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode, type RefObject } from "react";
import { flushSync } from "react-dom";
import { buildEnquiryPayload } from "../enquiry/build-enquiry-payload.ts";
import {
  enquiryFormReducer,
  INDIA_CODE,
  INITIAL_ENQUIRY_FORM_STATE,
  isCountryCode,
  ISD_CODE_MAX_LENGTH,
  OTHER_CODE,
  PHONE_NUMBER_LENGTH,
  type EnquiryField,
  type EnquiryFormData,
} from "../enquiry/form-state.ts";
import { fillTimer, HAND_EVENTS, type FillTimer } from "../enquiry/fill-timer.ts";
import { formDefences, type FormDefences } from "../enquiry/form-defences.ts";
import { ENQUIRY_ALERTS } from "../enquiry/messages.ts";
import { newIdempotencyKey } from "../enquiry/new-idempotency-key.ts";
import { browserStorage, saveSubmittedEnquiry } from "../enquiry/save-submitted-enquiry.ts";
import { submitEnquiry } from "../enquiry/submit-enquiry.ts";
import type { validateEnquiryForm } from "../enquiry/validate-enquiry-form.ts";
import { ENQUIRY_FIELDS } from "../../shared/generated/enquiry-fields.ts";
import { cx } from "../lib/cx.ts";
import { useNavigate } from "../lib/location.tsx";
import { Heading } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { Inline } from "../ui/RichText.tsx";
import styles from "./EnquiryForm.module.css";
import type { BlockOf } from "./types.ts";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The form's checks (the API's own contract, about 2 KB gzip), loaded once the form is on
 * screen instead of in every page's entry script; null in the prerendered HTML, during
 * hydration and until they arrive.
 */
function useFormChecks(): typeof validateEnquiryForm | null {
  const [checks, setChecks] = useState<typeof validateEnquiryForm | null>(null);
  useEffect(() => {
    let mounted = true;
    void import("../enquiry/validate-enquiry-form.ts").then(
      (module) => mounted && setChecks(() => module.validateEnquiryForm),
      (error: unknown) => console.error("The enquiry form's checks could not be loaded:", error),
    );
    return () => void (mounted = false);
  }, []);
  return checks;
}

/** The honeypot's name in the payload (schema/enquiry.schema.json): like no real field, so no browser or password manager fills it. */
const HONEYPOT = "nx_check";

/**
 * The form's spam defences (src/app/enquiry/form-defences.ts), started when the form comes into
 * view or is first focused, whichever is first, so a page that never shows the form costs
 * nothing, and the work is done while the visitor types.
 */
function useFormDefences(form: RefObject<HTMLFormElement | null>): FormDefences {
  const [defences] = useState(() =>
    formDefences({
      fetch: (...args) => window.fetch(...args),
      onError: (error) => console.error("The enquiry form's spam check could not be prepared:", error),
    }),
  );
  useEffect(() => {
    const element = form.current;
    if (element === null) return;
    const start = () => defences.start();
    element.addEventListener("focusin", start, { once: true });
    let observer: IntersectionObserver | undefined;
    if ("IntersectionObserver" in window) {
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer?.disconnect();
          start();
        }
      });
      observer.observe(element);
    }
    return () => {
      element.removeEventListener("focusin", start);
      observer?.disconnect();
    };
  }, [defences, form]);
  return defences;
}

/**
 * The visitor's fill (src/app/enquiry/fill-timer.ts): its time from the first input to Send,
 * and the hand actions on its fields, heard on the form in the capture phase (native listeners,
 * as the count reads the browser's own `isTrusted`; passive, so scrolling and typing are never
 * held up).
 */
function useFillTimer(form: RefObject<HTMLFormElement | null>): FillTimer {
  const [fill] = useState(fillTimer);
  useEffect(() => {
    const element = form.current;
    if (element === null) return;
    const note = (event: Event) => fill.noteEvent(event);
    for (const type of HAND_EVENTS) element.addEventListener(type, note, { capture: true, passive: true });
    return () => {
      for (const type of HAND_EVENTS) element.removeEventListener(type, note, { capture: true });
    };
  }, [fill, form]);
  return fill;
}

/**
 * The contact page (SPEC §2.4, §4, §5, §7): a full-screen background, a card with the
 * heading and introduction, and the enquiry form. The rules, state and API call live in
 * src/app/enquiry; this component only draws them and wires the browser (alert, focus,
 * localStorage, navigation) to them.
 */
export function EnquiryForm({
  id,
  heading,
  intro,
  background,
  labels,
  subjectPlaceholder,
  subjects,
  submitLabel,
  sendingLabel,
  privacyNotice,
}: BlockOf<"enquiryForm">) {
  const [state, dispatch] = useReducer(enquiryFormReducer, INITIAL_ENQUIRY_FORM_STATE);
  const { data, problem, status } = state;
  const navigate = useNavigate();
  const validateEnquiryForm = useFormChecks();
  const uid = useId();
  const controls = useRef<Partial<Record<EnquiryField, Control | null>>>({});
  // The button is disabled while sending, but a second click can land before React re-renders.
  const inFlight = useRef(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const defences = useFormDefences(formElement);
  // The visitor's own fill, its time and its hand actions: the server holds a fill no person makes as spam.
  const fill = useFillTimer(formElement);

  const idOf = (field: EnquiryField) => `${uid}-${field}`;
  const errorIdOf = (field: EnquiryField) => `${uid}-${field}-error`;

  /** The attributes every control shares: id, name, value, change handler, and its error state. */
  function bind<F extends EnquiryField>(field: F) {
    const invalid = problem?.field === field;
    return {
      id: idOf(field),
      name: field,
      value: data[field],
      ref: (element: Control | null) => {
        controls.current[field] = element;
      },
      "aria-invalid": invalid ? true : undefined,
      "aria-describedby": invalid ? errorIdOf(field) : undefined,
      className: cx(styles.control, invalid && styles.invalid),
    };
  }

  const edit = (field: Exclude<EnquiryField, "countryCode">) => (event: ChangeEvent<Control>) => dispatch({ type: "edit", field, value: event.target.value });

  function editCountryCode(event: ChangeEvent<HTMLSelectElement>) {
    const value = event.target.value;
    if (isCountryCode(value)) dispatch({ type: "edit", field: "countryCode", value });
  }

  async function send(submitted: EnquiryFormData, filled: { fill_time_ms: number; fill_actions: number }) {
    inFlight.current = true;
    const idempotencyKey = state.idempotencyKey ?? newIdempotencyKey();
    dispatch({ type: "send", idempotencyKey });
    const payload = { ...buildEnquiryPayload(submitted), ...(await defences.fields()), ...filled, [HONEYPOT]: honeypot.current?.value ?? "" };
    const result = await submitEnquiry(payload, { fetch: (...args) => window.fetch(...args), idempotencyKey });
    inFlight.current = false;
    if (result.kind === "ok") {
      defences.reset();
      fill.reset();
      saveSubmittedEnquiry(browserStorage(), result.sessionId, submitted);
      window.alert(ENQUIRY_ALERTS.thanks);
      dispatch({ type: "succeeded" });
      void navigate("/");
      return;
    }
    if (result.kind === "network") console.error("The enquiry could not be sent:", result.error);
    flushSync(() => dispatch({ type: "failed" }));
    window.alert(result.kind === "rejected" ? ENQUIRY_ALERTS.rejected : ENQUIRY_ALERTS.networkError);
    // The button was disabled while sending, which dropped focus to the page: it goes back where the visitor will try again.
    submitButton.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current || validateEnquiryForm === null) return;
    // Read at the press, before the wait for the proof of work, which is not the visitor's filling.
    const filled = { fill_time_ms: fill.elapsedMs(), fill_actions: fill.actions() };
    const found = validateEnquiryForm(data);
    if (found === null) {
      void send(data, filled);
      return;
    }
    // Draw the message and aria-invalid first, so they are on screen behind the alert.
    flushSync(() => dispatch({ type: "invalid", problem: found }));
    window.alert(found.message);
    controls.current[found.field]?.focus();
  }

  /** The problem's message, when it is about one of `fields`; its id is what the control's aria-describedby names. */
  function errorFor(fields: EnquiryField[], className?: string) {
    if (problem === null || !fields.includes(problem.field)) return null;
    return (
      <p id={errorIdOf(problem.field)} className={cx(styles.error, className)}>
        {problem.message}
      </p>
    );
  }

  function field(name: EnquiryField, label: string, control: ReactNode, { className, error = true }: { className?: string; error?: boolean } = {}) {
    return (
      <div className={cx(styles.field, className)}>
        <label htmlFor={idOf(name)} className={styles.label}>
          {label}
        </label>
        {control}
        {error ? errorFor([name]) : null}
      </div>
    );
  }

  const sending = status === "sending";
  const other = data.countryCode === OTHER_CODE;

  return (
    <section id={id} className={styles.page}>
      {background ? <Picture image={{ ...background, alt: "", decorative: true }} eager className={styles.backdrop} /> : null}
      <div className={styles.card}>
        <Heading className={styles.heading}>{heading}</Heading>
        {intro ? (
          <p className={styles.intro}>
            <Inline text={intro} />
          </p>
        ) : null}
        <form ref={formElement} className={styles.form} noValidate onSubmit={onSubmit} onInput={() => fill.noteInput()} aria-busy={sending || undefined}>
          {/* The honeypot: off screen, out of the tab order and of the accessibility tree, and
              marked for password managers to skip, so only a bot that fills every input finds it. */}
          <div className={styles.honeypot} aria-hidden="true">
            <label htmlFor={`${uid}-${HONEYPOT}`}>Leave this empty</label>
            <input
              ref={honeypot}
              id={`${uid}-${HONEYPOT}`}
              name={HONEYPOT}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
              data-1p-ignore=""
              data-lpignore="true"
              data-bwignore=""
              data-form-type="other"
            />
          </div>
          <div className={styles.pair}>
            {field(
              "firstName",
              labels.firstName,
              <input
                {...bind("firstName")}
                onChange={edit("firstName")}
                type="text"
                autoComplete="given-name"
                required
                maxLength={ENQUIRY_FIELDS.first_name.maxLength}
              />,
            )}
            {field(
              "lastName",
              labels.lastName,
              <input
                {...bind("lastName")}
                onChange={edit("lastName")}
                type="text"
                autoComplete="family-name"
                required
                maxLength={ENQUIRY_FIELDS.last_name.maxLength}
              />,
            )}
          </div>
          {field(
            "email",
            labels.email,
            <input {...bind("email")} onChange={edit("email")} type="email" autoComplete="email" required maxLength={ENQUIRY_FIELDS.email.maxLength} />,
          )}
          {/* The phone fields share a row, so their message spans the row instead of squeezing into one column. */}
          <div className={cx(styles.phoneRow, other && styles.withIsd)}>
            {field(
              "countryCode",
              labels.countryCode,
              <select {...bind("countryCode")} onChange={editCountryCode} required>
                {/* HTML wants a required select to start with an option of empty value; +91 stays the default and this one is never offered. */}
                <option value="" disabled hidden>
                  {labels.countryCode}
                </option>
                <option value={INDIA_CODE}>{labels.india}</option>
                <option value={OTHER_CODE}>{labels.other}</option>
              </select>,
              { className: styles.countryCode, error: false },
            )}
            {other
              ? field(
                  "customIsdCode",
                  labels.customIsdCode,
                  <input
                    {...bind("customIsdCode")}
                    onChange={edit("customIsdCode")}
                    type="text"
                    inputMode="tel"
                    autoComplete="tel-country-code"
                    placeholder="+61"
                    required
                    maxLength={ISD_CODE_MAX_LENGTH}
                  />,
                  { className: styles.isd, error: false },
                )
              : null}
            {/* type="text": HTML allows the autofill name tel-national (the number without its country code) on text inputs, not on type="tel". */}
            {field(
              "phoneNumber",
              labels.phoneNumber,
              <input
                {...bind("phoneNumber")}
                onChange={edit("phoneNumber")}
                type="text"
                inputMode="numeric"
                autoComplete="tel-national"
                required
                maxLength={PHONE_NUMBER_LENGTH}
              />,
              { className: styles.phone, error: false },
            )}
            {errorFor(["countryCode", "customIsdCode", "phoneNumber"], problem?.field === "phoneNumber" ? styles.phoneError : styles.codeError)}
          </div>
          {field(
            "subject",
            labels.subject,
            <select {...bind("subject")} onChange={edit("subject")} required>
              <option value="" disabled>
                {subjectPlaceholder}
              </option>
              {subjects.map((subject, i) => (
                <option key={i} value={subject.value}>
                  {subject.label ?? subject.value}
                </option>
              ))}
            </select>,
          )}
          {field("message", labels.message, <textarea {...bind("message")} onChange={edit("message")} rows={5} maxLength={ENQUIRY_FIELDS.message.maxLength} />)}
          <button ref={submitButton} type="submit" className={styles.submit} disabled={validateEnquiryForm === null || sending}>
            {sending && sendingLabel ? sendingLabel : submitLabel}
          </button>
          {/* The law's notice: what is collected, why, for how long, and a link to the policy naming whom to contact. */}
          <p className={styles.notice}>
            <Inline text={privacyNotice} />
          </p>
        </form>
      </div>
    </section>
  );
}
