import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { createContext, useCallback, useEffect, useState, type ReactNode } from "react";
import "./staff.css";

/** Who is signed in, as GET /admin/api/session answers. */
export interface Staff {
  email: string;
  name: string;
  role: "editor" | "publisher";
}

/** The signed-in member of staff (null under `npm run edit`): the editor shows drafts and review to staff, and Publish to publishers and `npm run edit`. */
export const StaffContext = createContext<Staff | null>(null);

type State =
  | { kind: "loading" }
  /** `npm run edit`: the editor on the loopback address, with no sign-in (its session route answers 204). */
  | { kind: "open" }
  | { kind: "signed-in"; staff: Staff }
  | { kind: "sign-in"; error?: string }
  | { kind: "invite"; token: string; name?: string; error?: string };

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(typeof json.error === "string" ? json.error : `The server answered ${response.status}.`);
  return json as T;
}

/** The browser's own refusal (the person cancelled, no passkey on this device), in words. */
function passkeyTrouble(error: unknown): string {
  const name = (error as { name?: string }).name;
  if (name === "NotAllowedError" || name === "AbortError") return "The passkey was not used (cancelled, or it timed out). Try again.";
  return (error as Error).message;
}

const inviteToken = () => /^#invite=([\w-]+)$/.exec(window.location.hash)?.[1] ?? null;

/**
 * Staff sign-in in front of the editor inside `npm start` (docs/editor.md, "Staff sign-in"):
 * on an invite link, make a passkey; otherwise sign in with one. Under `npm run edit` there is no
 * sign-in and the editor shows at once.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const token = inviteToken();
    if (token) {
      post<{ name: string }>("/admin/auth/invite/options", { token }).then(
        ({ name }) => setState({ kind: "invite", token, name }),
        (error: Error) => setState({ kind: "invite", token, error: error.message }),
      );
      return;
    }
    fetch("/admin/api/session").then(
      async (response) => {
        // 204: `npm run edit`, which has no sign-in.
        if (response.status === 204) setState({ kind: "open" });
        else if (response.ok) setState({ kind: "signed-in", staff: (await response.json()) as Staff });
        else if (response.status === 401) setState({ kind: "sign-in" });
        else setState({ kind: "sign-in", error: `The server answered ${response.status}.` });
      },
      () => setState({ kind: "sign-in", error: "The server could not be reached." }),
    );
  }, []);

  const register = useCallback(async (token: string) => {
    setBusy(true);
    try {
      const { options } = await post<{ options: Parameters<typeof startRegistration>[0]["optionsJSON"] }>("/admin/auth/invite/options", { token });
      const response = await startRegistration({ optionsJSON: options });
      const staff = await post<Staff>("/admin/auth/invite", { token, response });
      // The link is used up: leave it out of the address bar and the history.
      window.history.replaceState(null, "", "/admin/");
      setState({ kind: "signed-in", staff });
    } catch (error) {
      setState({ kind: "invite", token, error: passkeyTrouble(error) });
    } finally {
      setBusy(false);
    }
  }, []);

  const signIn = useCallback(async () => {
    setBusy(true);
    try {
      const { options } = await post<{ options: Parameters<typeof startAuthentication>[0]["optionsJSON"] }>("/admin/auth/sign-in/options", {});
      const response = await startAuthentication({ optionsJSON: options });
      setState({ kind: "signed-in", staff: await post<Staff>("/admin/auth/sign-in", { response }) });
    } catch (error) {
      setState({ kind: "sign-in", error: passkeyTrouble(error) });
    } finally {
      setBusy(false);
    }
  }, []);

  const signOut = useCallback(async () => {
    await post("/admin/auth/sign-out", {}).catch(() => undefined);
    setState({ kind: "sign-in" });
  }, []);

  if (state.kind === "loading") return null;
  if (state.kind === "open") return <>{children}</>;
  if (state.kind === "signed-in")
    return (
      <div className="staff-shell">
        <div className="staff-bar">
          <span>
            Signed in as {state.staff.name} ({state.staff.role})
          </span>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
        <StaffContext.Provider value={state.staff}>{children}</StaffContext.Provider>
      </div>
    );
  return (
    <main className="sign-in">
      {state.kind === "invite" ? (
        <>
          <h1>{state.name ? `Welcome, ${state.name}` : "Your invite"}</h1>
          <p>Make a passkey for this site: your phone, your computer&rsquo;s fingerprint or PIN, or a security key. You will sign in with it from now on.</p>
          <button type="button" className="primary" disabled={busy || !state.name} onClick={() => void register(state.token)}>
            Make a passkey
          </button>
        </>
      ) : (
        <>
          <h1>Sign in to the editor</h1>
          <button type="button" className="primary" disabled={busy} onClick={() => void signIn()}>
            Sign in with a passkey
          </button>
        </>
      )}
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
    </main>
  );
}
