import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "../lib/location.tsx";
import { Heading } from "../ui/Heading.tsx";
import { Inline } from "../ui/RichText.tsx";
import { SmartLink } from "../ui/SmartLink.tsx";
import styles from "./CandidateForm.module.css";
import type { BlockOf } from "./types.ts";

/** SPEC §4, §5, §8: sign-in is simulated on the client; nothing is sent or stored. */
export const LOGIN_MISSING_ALERT = "Please enter email and password";
export const REGISTERED_ALERT = "Registration successful! You can now log in.";
export const DASHBOARD_ROUTE = "/my-nexa/dashboard";
export const LOGIN_ROUTE = "/my-nexa/auth/login";

export type CandidateOutcome = { alert?: string; goTo?: string };

/** What submitting the form does, as data: login with both fields → dashboard; register → alert and login. */
export function candidateOutcome(mode: "login" | "register", email: string, password: string): CandidateOutcome {
  const complete = email.trim() !== "" && password !== "";
  if (mode === "login") return complete ? { goTo: DASHBOARD_ROUTE } : { alert: LOGIN_MISSING_ALERT };
  return complete ? { alert: REGISTERED_ALERT, goTo: LOGIN_ROUTE } : {};
}

export function CandidateForm({ id, mode, heading, intro, submitLabel, alternate }: BlockOf<"candidateForm">) {
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const uid = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = candidateOutcome(mode, email, password);
    if (outcome.alert) window.alert(outcome.alert);
    if (outcome.goTo) void navigate(outcome.goTo);
  };

  return (
    <section id={id} className={styles.section}>
      <div className={`container ${styles.wrap}`}>
        {/* Login checks its own fields (SPEC §8 names its alert); registration with a field empty does
            nothing itself (SPEC §4), so the browser's own message for the required field speaks instead. */}
        <form className={styles.card} onSubmit={onSubmit} noValidate={mode === "login"} aria-labelledby={`${uid}-heading`}>
          <Heading id={`${uid}-heading`}>{heading}</Heading>
          {intro ? (
            <p className={styles.intro}>
              <Inline text={intro} />
            </p>
          ) : null}
          <label className={styles.label} htmlFor={`${uid}-email`}>
            Email
          </label>
          <input
            id={`${uid}-email`}
            className={styles.input}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <label className={styles.label} htmlFor={`${uid}-password`}>
            Password
          </label>
          <input
            id={`${uid}-password`}
            className={styles.input}
            type="password"
            name="password"
            autoComplete={mode === "login" ? "current-password" : "new-password"}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className={styles.submit}>
            {submitLabel ?? (mode === "login" ? "Log in" : "Register")}
          </button>
          {alternate ? (
            <p className={styles.alternate}>
              <SmartLink to={alternate.to} external={alternate.external}>
                {alternate.label}
              </SmartLink>
            </p>
          ) : null}
        </form>
      </div>
    </section>
  );
}
