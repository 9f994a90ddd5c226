import { useEffect, useState, type FormEvent } from "react";
import { api, ApiError, type Problem } from "./api.ts";
import { Dialog } from "./Dialog.tsx";

type PublishState = { kind: "idle" | "working" | "done" | "failed"; text: string; problems?: Problem[]; report?: string };

/** Asks the server until publish `id` is live (each answer waits up to 25 s for it), then says so, or why the rebuild failed. */
async function waitUntilLive(id: number, text: string, setState: (state: PublishState) => void): Promise<void> {
  for (;;) {
    const status = await api.live(id);
    if (status.live >= id) return setState({ kind: "done", text: `${text} It is live.` });
    if (status.building) continue;
    // Not live and nothing building: the rebuild failed (or the server restarted since, and rebuilt at start).
    return setState({
      kind: "failed",
      text: `${text} The live site could not be rebuilt, so it may still show the version before.`,
      ...(status.last ? { report: status.last.output } : {}),
    });
  }
}

/**
 * Publish: the changed files, a message for the site's history, then the server's checks
 * (validate over the whole site, then `npm run check` on the changed pages) and one commit.
 */
export function PublishDialog({ unsaved, onClose, onPublished }: { unsaved: boolean; onClose: () => void; onPublished: () => void }) {
  const [files, setFiles] = useState<string[] | null>(null);
  const [message, setMessage] = useState("");
  const [state, setState] = useState<PublishState>({
    kind: "idle",
    text: "",
  });
  useEffect(() => {
    void api.changes().then((c) => setFiles(c.files));
  }, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: "working", text: "Checking the changed pages (this builds the site and opens each page in a browser: up to a minute)…" });
    try {
      const published = await api.publish(message);
      const commit = published.commit.slice(0, 12);
      const files = published.files.join(", ");
      const text =
        published.pushError === undefined
          ? `Published as commit ${commit}${published.pushed ? ", and pushed" : ""}: ${files}.`
          : `Committed as ${commit}, but not pushed: ${published.pushError}. The next publish pushes it too. Changed: ${files}.`;
      setState({ kind: "done", text: published.rebuild === null ? text : `${text} Putting it on the live site…` });
      onPublished();
      if (published.rebuild !== null) await waitUntilLive(published.rebuild, text, setState);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setState({ kind: "failed", text: e.message, problems: e.body.problems as Problem[] | undefined, report: e.body.report as string | undefined });
    }
  };
  return (
    <Dialog title="Publish" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} className="dialog-form">
        {unsaved ? <p className="notice">The open page has unsaved changes: only what is saved is published.</p> : null}
        <p>{files === null ? "Looking for changes…" : files.length === 0 ? "No page has changed since the last publish." : `Changed: ${files.join(", ")}`}</p>
        <label>
          What did you change?
          <textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={3} required />
        </label>
        <div role="status" className="publish-status">
          <p>{state.text}</p>
          {state.problems ? (
            <ul>
              {state.problems.map((p, i) => (
                <li key={i}>
                  {p.file}:{p.line}:{p.col} {p.message}
                  {p.hint ? ` — ${p.hint}` : ""}
                </li>
              ))}
            </ul>
          ) : null}
          {state.report ? <pre>{state.report}</pre> : null}
        </div>
        <div className="dialog-buttons">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="primary" disabled={state.kind === "working" || !files?.length}>
            Publish
          </button>
        </div>
      </form>
    </Dialog>
  );
}
