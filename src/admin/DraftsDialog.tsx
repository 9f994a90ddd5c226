import { useCallback, useEffect, useState, type FormEvent } from "react";
import { api, ApiError, type DraftForReview } from "./api.ts";
import { Dialog } from "./Dialog.tsx";
import { draftPictureAddress } from "../shared/draft-pictures.ts";
import { Preview } from "./Preview.tsx";

const STATES: Readonly<Record<DraftForReview["state"], string>> = {
  editing: "being edited",
  waiting: "waiting for review",
  "sent-back": "sent back",
};

/** The page's text drawn by the editor's preview, or why it cannot be. */
function useRendered(file: string, text: string | null, branch?: string): { html: string | null; note: string } {
  const [shown, setShown] = useState<{ html: string | null; note: string }>({ html: null, note: "" });
  useEffect(() => {
    if (text === null) return;
    const controller = new AbortController();
    api.preview(file, text, controller.signal, branch).then(
      (html) => setShown({ html, note: "" }),
      (e: unknown) => {
        if ((e as Error).name !== "AbortError") setShown({ html: null, note: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => controller.abort();
  }, [file, text, branch]);
  return text === null ? { html: null, note: "No such page on this side: the draft makes it." } : shown;
}

/** A draft as a publisher reviews it: its YAML diff, and the page before (live) and after at the preview's widths. */
function DraftReview({ draft, publisher, onDecided }: { draft: DraftForReview; publisher: boolean; onDecided: (message: string) => void }) {
  const before = useRendered(draft.file, draft.before);
  const after = useRendered(draft.file, draft.after, draft.branch);
  const [comment, setComment] = useState("");
  const [state, setState] = useState<{ busy: boolean; text: string }>({ busy: false, text: "" });

  const decide = async (work: () => Promise<string>, doing = "Publishing: checking the page (up to a minute)…") => {
    setState({ busy: true, text: doing });
    try {
      onDecided(await work());
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setState({ busy: false, text: e.message });
    }
  };
  const publish = () =>
    void decide(async () => {
      const published = await api.publishDraft(draft.branch);
      return `Published ${draft.route} as commit ${published.commit.slice(0, 12)}${published.pushed ? ", and pushed" : ""}.`;
    });
  const sendBack = (event: FormEvent) => {
    event.preventDefault();
    void decide(async () => {
      await api.sendBack(draft.branch, comment);
      return `Sent ${draft.route} back to ${draft.by.name}.`;
    }, "Sending it back…");
  };
  // The draft's branch goes; the live page stays as it is. Asked first: a discarded draft is not kept.
  const discard = () => {
    const whose = publisher ? `${draft.by.name}'s draft` : "your draft";
    if (!window.confirm(`Discard ${whose} of ${draft.route}? Its changes are not kept.`)) return;
    void decide(async () => {
      await api.discardDraft(draft.branch);
      return `Discarded ${whose} of ${draft.route}.`;
    }, "Discarding…");
  };

  return (
    <section className="draft-review" aria-label={`Draft of ${draft.route} by ${draft.by.name}`}>
      <h3>
        {draft.route} by {draft.by.name}: {STATES[draft.state]}
      </h3>
      {draft.comment ? <p className="draft-comment">{draft.state === "sent-back" ? `Sent back: ${draft.comment}` : `Note: ${draft.comment}`}</p> : null}
      {/* A diff that scrolls must be reachable from the keyboard to scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre className="draft-diff" aria-label="Changes in YAML" tabIndex={0}>
        {draft.diff.split("\n").map((line, i) => (
          <span
            key={i}
            className={line.startsWith("+") && !line.startsWith("+++") ? "added" : line.startsWith("-") && !line.startsWith("---") ? "removed" : undefined}
          >
            {line}
            {"\n"}
          </span>
        ))}
      </pre>
      {draft.pictures.length > 0 ? (
        <div className="draft-pictures">
          <h4>Pictures this draft adds</h4>
          <ul>
            {draft.pictures.map((src) => (
              <li key={src}>
                {/* The address beside it names the picture; the page's own alt text is in the YAML above. */}
                <img src={draftPictureAddress(draft.branch, src)} alt="" />
                <code>{src}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="draft-previews">
        <div>
          <h4>Before (live)</h4>
          {before.note ? <p>{before.note}</p> : null}
          <Preview title={`${draft.route}, live`} html={before.html} stale="" onNavigate={() => undefined} />
        </div>
        <div>
          <h4>After (the draft)</h4>
          {after.note ? <p>{after.note}</p> : null}
          <Preview title={`${draft.route}, the draft`} html={after.html} stale="" onNavigate={() => undefined} />
        </div>
      </div>
      {publisher ? (
        <form className="dialog-form" onSubmit={sendBack}>
          <label>
            Comment for {draft.by.name}
            <textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={2} required />
          </label>
          <div className="dialog-buttons">
            <button type="submit" disabled={state.busy}>
              Send back
            </button>
            <button type="button" className="primary" disabled={state.busy} onClick={publish}>
              Publish this draft
            </button>
          </div>
        </form>
      ) : null}
      <div className="dialog-buttons">
        <button type="button" disabled={state.busy} onClick={discard}>
          Discard this draft
        </button>
      </div>
      <p role="status">{state.text}</p>
    </section>
  );
}

/** Drafts: for a publisher every draft, to publish or send back; for an editor their own, with the comment of one sent back. */
export function DraftsDialog({ publisher, onClose, onPublished }: { publisher: boolean; onClose: () => void; onPublished: () => void }) {
  const [drafts, setDrafts] = useState<DraftForReview[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const load = useCallback(
    () =>
      api.drafts().then(
        (list) => setDrafts(list.drafts),
        (e: unknown) => setMessage(e instanceof Error ? e.message : String(e)),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const shown = drafts?.find((d) => d.branch === chosen) ?? null;
  return (
    <Dialog title="Drafts" onClose={onClose} wide>
      <p role="status">{message || (drafts === null ? "Looking for drafts…" : drafts.length === 0 ? "No drafts." : "")}</p>
      {drafts && drafts.length > 0 ? (
        <ul className="draft-list">
          {drafts.map((d) => (
            <li key={d.branch}>
              <button type="button" aria-pressed={d.branch === chosen} onClick={() => setChosen(d.branch)}>
                {d.route} by {d.by.name}: {STATES[d.state]}
              </button>
              {d.state === "sent-back" && d.comment ? <span className="draft-comment"> — {d.comment}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {shown ? (
        <DraftReview
          key={shown.branch}
          draft={shown}
          publisher={publisher}
          onDecided={(text) => {
            setMessage(text);
            setChosen(null);
            setDrafts(null);
            onPublished();
            void load();
          }}
        />
      ) : null}
      <div className="dialog-buttons">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
