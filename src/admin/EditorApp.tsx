import { useCallback, useContext, useEffect, useRef, useState, type FormEvent } from "react";
import { api, ApiError, type Draft, type FormSchema, type OpenedPage, type OtherDraft, type PageSummary, type Problem } from "./api.ts";
import { Dialog } from "./Dialog.tsx";
import { DraftsDialog } from "./DraftsDialog.tsx";
import { FormView } from "./FormView.tsx";
import { MergePanel } from "./MergePanel.tsx";
import { NewPageDialog } from "./NewPageDialog.tsx";
import { PageList } from "./PageList.tsx";
import { Preview } from "./Preview.tsx";
import { PublishDialog } from "./PublishDialog.tsx";
import { SourceEditor } from "./SourceEditor.tsx";
import { StaffContext } from "./StaffGate.tsx";
import { applyFix, labelOf } from "../content/fixes.ts";

/** How long typing pauses before the text is checked: with the check itself, problems show well within 300 ms of the last keystroke. */
export const CHECK_AFTER_MS = 120;
/** How often the open file is compared with the disk, to notice another program changing it. */
const DISK_POLL_MS = 3000;

interface OpenPage {
  file: string;
  route: string;
  /** The text as last read from or written to disk, and its hash (what a save names as its base). */
  saved: string;
  base: string | null;
}

/** The editor: page list, the open page's source and form views, its problems, and the preview. */
export function EditorApp() {
  const [pages, setPages] = useState<PageSummary[]>([]);
  const [settingsFile, setSettingsFile] = useState<{ file: string; problems: number } | null>(null);
  const [open, setOpen] = useState<OpenPage | null>(null);
  const [text, setText] = useState("");
  const [problems, setProblems] = useState<Problem[]>([]);
  // The text the problems were found in: their fixes are edits of that text, and apply only while it is unchanged.
  const [checkedText, setCheckedText] = useState("");
  const [checking, setChecking] = useState(false);
  const [html, setHtml] = useState<string | null>(null);
  const [stale, setStale] = useState("");
  const [view, setView] = useState<"source" | "form">("source");
  const [form, setForm] = useState<FormSchema | null>(null);
  const [message, setMessage] = useState("");
  const [conflict, setConflict] = useState<{ disk: string; diskHash: string | null } | null>(null);
  const [merging, setMerging] = useState(false);
  const [dialog, setDialog] = useState<"new" | "publish" | "drafts" | "review" | null>(null);
  const dirty = open !== null && text !== open.saved;
  // Inside `npm start`: an editor's saves go to their draft of the page, and a publisher decides them.
  const staff = useContext(StaffContext);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [others, setOthers] = useState<OtherDraft[]>([]);
  // The live page, when it overtook the editor's draft; whether the text is now merged with it (the next save says so); the merge view open.
  const [liveAhead, setLiveAhead] = useState<OpenedPage["live"] | null>(null);
  const [mergedWithLive, setMergedWithLive] = useState(false);
  const [mergingLive, setMergingLive] = useState(false);

  const refreshPages = useCallback(
    () =>
      api.pages().then((list) => {
        setPages(list.pages);
        setSettingsFile(list.settings);
      }),
    [],
  );

  useEffect(() => {
    void refreshPages();
    void api.form().then(setForm);
  }, [refreshPages]);

  const showPage = useCallback((page: OpenedPage) => {
    setOpen({ file: page.file, route: page.route, saved: page.text, base: page.hash });
    setDraft(page.draft ?? null);
    setLiveAhead(page.live ?? null);
    setMergedWithLive(false);
    setMergingLive(false);
    setOthers([]);
    setText(page.text);
    setHtml(null);
    setProblems([]);
    setConflict(null);
    setMerging(false);
    setMessage("");
    const url = new URL(window.location.href);
    url.searchParams.set("page", page.file);
    window.history.replaceState(null, "", url);
  }, []);

  const openFile = useCallback(
    async (file: string) => {
      if (dirty && !window.confirm("This page has changes that are not saved. Leave it and lose them?")) return;
      showPage(await api.page(file));
    },
    [dirty, showPage],
  );

  // One function for the page list's whole life, so the list (memo) is not drawn again at each keystroke.
  const openLatest = useRef(openFile);
  useEffect(() => {
    openLatest.current = openFile;
  }, [openFile]);
  const openFromList = useCallback((file: string) => void openLatest.current(file), []);

  // The page named in the address (?page=site/…) opens first, so a reload keeps the place.
  useEffect(() => {
    const first = new URL(window.location.href).searchParams.get("page");
    if (first) api.page(first).then(showPage, (e: unknown) => setMessage(e instanceof Error ? e.message : String(e)));
  }, [showPage]);

  // Check the text with the whole site in place after each pause in typing; draw it when it has no problem that stops the preview.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      setChecking(true);
      try {
        // Both asked at once, the check first: the preview does not wait for the problem list to
        // come back (the server refuses to draw a page with a problem by itself, and the check it
        // repeats is the one just made, kept).
        const checking = api.check(open.file, text, controller.signal);
        const previewed = api.preview(open.file, text, controller.signal);
        // Read in any case, so a refusal is never an unhandled rejection while the check is awaited.
        previewed.catch(() => undefined);
        const checked = await checking;
        setProblems(checked.problems);
        setCheckedText(text);
        try {
          setHtml(await previewed);
          setStale("");
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          setStale(`Showing the last version without problems: ${e.message}`);
        }
      } catch (e) {
        if ((e as Error).name !== "AbortError") setMessage(e instanceof Error ? e.message : String(e));
      } finally {
        if (!controller.signal.aborted) setChecking(false);
      }
    }, CHECK_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [open, text]);

  // Warn before the tab closes or reloads with unsaved changes.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // The version of the open file the editor last read or wrote, known as soon as a save is answered
  // (the poll below must not take the editor's own write for another program's), and whether a save is under way.
  const diskBase = useRef<string | null>(null);
  const saving = useRef(false);
  const mergeOpen = useRef(false);
  useEffect(() => {
    mergeOpen.current = merging;
  }, [merging]);

  // Notice another program changing the open file on disk.
  useEffect(() => {
    if (!open) return;
    diskBase.current = open.base;
    let current = true;
    const timer = window.setInterval(async () => {
      if (saving.current) return;
      const disk = await api.page(open.file).catch(() => null);
      // A read answered after another page was opened, or while a save was writing, says nothing about this one.
      if (!current || saving.current || !disk) return;
      // The latest disk version, not the first seen: another program may be halfway through writing the file
      // (a read of it emptied); kept as it is once a merge with it has begun.
      const changed = disk.hash !== diskBase.current;
      setConflict((c) => (mergeOpen.current ? c : !changed ? null : c?.diskHash === disk.hash ? c : { disk: disk.text, diskHash: disk.hash }));
    }, DISK_POLL_MS);
    return () => {
      current = false;
      window.clearInterval(timer);
    };
  }, [open]);

  const save = async () => {
    if (!open) return;
    saving.current = true;
    try {
      const saved = await api.save(open.file, text, open.base, mergedWithLive);
      diskBase.current = saved.hash;
      setOpen({ ...open, saved: saved.text, base: saved.hash });
      setConflict(null);
      setMerging(false);
      setDraft(saved.draft ?? null);
      setLiveAhead(saved.live ?? null);
      setMergedWithLive(false);
      setOthers(saved.conflicts ?? []);
      setMessage(
        `Saved ${open.file}${saved.draft ? " to your draft" : ""}${saved.problems.length > 0 ? `, with ${saved.problems.length === 1 ? "1 problem" : `${saved.problems.length} problems`} still to fix before it can be published` : ""}.`,
      );
      await refreshPages();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setConflict({ disk: typeof e.body.disk === "string" ? e.body.disk : "", diskHash: typeof e.body.diskHash === "string" ? e.body.diskHash : null });
        setMessage(e.message);
        return;
      }
      setMessage(e instanceof Error ? e.message : String(e));
    } finally {
      saving.current = false;
    }
  };

  const takeDisk = () => {
    if (!open || !conflict) return;
    setOpen({ ...open, saved: conflict.disk, base: conflict.diskHash });
    setText(conflict.disk);
    setConflict(null);
    setMerging(false);
    setMessage("Now showing the version on disk.");
  };

  const keepMerged = (merged: string) => {
    if (!open || !conflict) return;
    // The merge was made against the disk version: the next save replaces that version.
    setOpen({ ...open, base: conflict.diskHash });
    setText(merged);
    setConflict(null);
    setMerging(false);
    setMessage("Merged. Save to write the merged page.");
  };

  // A draft published or discarded: the list changes, and the open page may now read otherwise (a new page discarded is gone).
  const afterDraftDecided = () => {
    void refreshPages();
    if (!open || dirty) return;
    api.page(open.file).then(showPage, () => {
      setOpen(null);
      setDraft(null);
    });
  };

  const navigateTo = (address: string) => {
    const path = address.split("#")[0]!.replace(/\/+$/, "") || "/";
    const page = pages.find((p) => p.route === path || p.aliases.includes(path));
    if (page) void openFile(page.file);
    else setMessage(`${path} is not a page of this site.`);
  };

  return (
    <div className="editor">
      <header className="editor-header">
        <h1>Site editor</h1>
        <div className="editor-actions">
          <button type="button" onClick={() => setDialog("new")}>
            New page
          </button>
          {staff ? (
            <button type="button" onClick={() => setDialog("drafts")}>
              Drafts…
            </button>
          ) : null}
          {staff?.role === "editor" ? null : (
            <button type="button" onClick={() => setDialog("publish")}>
              Publish…
            </button>
          )}
        </div>
      </header>
      <PageList pages={pages} settings={settingsFile} current={open?.file ?? null} onOpen={openFromList} />
      <main className="workspace" id="main">
        {open ? (
          <>
            <div className="page-bar">
              <h2>
                {open.route} <span className="file-name">{open.file}</span>
              </h2>
              <div role="tablist" aria-label="View">
                <button type="button" role="tab" aria-selected={view === "source"} onClick={() => setView("source")}>
                  Source
                </button>
                <button type="button" role="tab" aria-selected={view === "form"} onClick={() => setView("form")}>
                  Form
                </button>
              </div>
              <button type="button" className="primary" onClick={() => void save()} disabled={!dirty && conflict === null && !mergedWithLive}>
                {dirty || mergedWithLive ? "Save" : "Saved"}
              </button>
              {staff?.role === "editor" && draft ? (
                <button type="button" onClick={() => setDialog("review")} disabled={dirty || draft.state === "waiting"}>
                  Ask for review
                </button>
              ) : null}
            </div>
            {draft ? <DraftNote draft={draft} /> : null}
            {draft && liveAhead && !mergedWithLive ? (
              <div className="notice" role="status">
                <p>The live page changed since your draft began: merge your text with it, then save, before it can be published.</p>
                <button type="button" onClick={() => setMergingLive(true)}>
                  Compare with the live page
                </button>
              </div>
            ) : null}
            {mergingLive && liveAhead ? (
              <MergePanel
                mine={text}
                disk={liveAhead.text ?? ""}
                theirs="the live page"
                onDone={(merged) => {
                  setText(merged);
                  setMergedWithLive(true);
                  setMergingLive(false);
                  setMessage("Merged with the live page. Save to put the merge on your draft.");
                }}
                onCancel={() => setMergingLive(false)}
              />
            ) : null}
            {others.length > 0 ? <OtherDrafts others={others} /> : null}
            <p className="message" role="status">
              {message}
            </p>
            {conflict ? (
              <div className="conflict" role="alert">
                <p>{open.file} was changed on disk by another program since you opened it.</p>
                <button type="button" onClick={takeDisk}>
                  Use the disk version
                </button>
                <button type="button" onClick={() => setMerging(true)}>
                  Compare and merge
                </button>
              </div>
            ) : null}
            {merging && conflict ? <MergePanel mine={text} disk={conflict.disk} onDone={keepMerged} onCancel={() => setMerging(false)} /> : null}
            <div className="panes">
              <div className="edit-pane">
                {view === "source" ? (
                  <SourceEditor key={open.file} file={open.file} text={text} problems={problems} checkedText={checkedText} onChange={setText} />
                ) : form ? (
                  <FormView file={open.file} text={text} form={form} onChange={setText} mayReplacePictures={staff?.role !== "editor"} />
                ) : null}
                <ProblemList problems={problems} checking={checking} fixable={text === checkedText} text={text} onChange={setText} />
              </div>
              <Preview title={open.route} html={html} stale={stale} onNavigate={navigateTo} />
            </div>
          </>
        ) : (
          <p className="empty">Choose a page on the left, or make a new one.</p>
        )}
      </main>
      {dialog === "new" ? (
        <NewPageDialog
          onClose={() => setDialog(null)}
          onCreated={async (file) => {
            setDialog(null);
            await refreshPages();
            await openFile(file);
          }}
        />
      ) : null}
      {dialog === "publish" ? <PublishDialog unsaved={dirty} onClose={() => setDialog(null)} onPublished={() => void refreshPages()} /> : null}
      {dialog === "drafts" ? <DraftsDialog publisher={staff?.role === "publisher"} onClose={() => setDialog(null)} onPublished={afterDraftDecided} /> : null}
      {dialog === "review" && open ? (
        <AskReviewDialog
          file={open.file}
          onClose={() => setDialog(null)}
          onAsked={(asked) => {
            setDraft(asked);
            setDialog(null);
            setMessage("Asked for review: a publisher will publish your draft or send it back with a comment.");
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The open page's problems at their line and column, each with its one-click fix where the hint
 * names one (the edit the server computed; offered while the text is the one it was computed for).
 */
function ProblemList({
  problems,
  checking,
  fixable,
  text,
  onChange,
}: {
  problems: Problem[];
  checking: boolean;
  fixable: boolean;
  text: string;
  onChange: (text: string) => void;
}) {
  return (
    // A list that scrolls must be reachable from the keyboard to scroll it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <section className="problems" aria-label="Problems" aria-busy={checking} tabIndex={0}>
      <h3>{problems.length === 0 ? "No problems" : problems.length === 1 ? "1 problem" : `${problems.length} problems`}</h3>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            <span className="where">
              line {p.line}, column {p.col}
            </span>{" "}
            {p.message}
            {p.hint ? <span className="hint"> — {p.hint}</span> : null}
            {p.fix && fixable ? (
              <>
                {" "}
                <button type="button" className="fix" onClick={() => onChange(applyFix(text, p.fix!))}>
                  {labelOf(p.fix)}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where the editor's draft of the open page stands, with the publisher's comment when it was sent back. */
function DraftNote({ draft }: { draft: Draft }) {
  if (draft.state === "sent-back")
    return (
      <p className="notice" role="status">
        A publisher sent your draft back: {draft.comment}
      </p>
    );
  return (
    <p className="notice" role="status">
      {draft.state === "waiting" ? "Your draft is waiting for review." : "Your draft is saved: ask for review when it is ready."}
    </p>
  );
}

/** Other people's drafts of the same page, as a save answers: both are kept, and a publisher decides. */
function OtherDrafts({ others }: { others: OtherDraft[] }) {
  return (
    <div className="notice" role="alert">
      <p>
        {others.map((o) => o.by.name).join(", ")} also {others.length === 1 ? "has a draft" : "have drafts"} of this page. Both versions are kept; a publisher
        decides.
      </p>
      {others.map((o) => (
        <details key={o.branch}>
          <summary>{o.by.name}&rsquo;s version</summary>
          <pre>{o.text ?? "(the page removed)"}</pre>
        </details>
      ))}
    </div>
  );
}

/** Ask for review: a note for the publisher, which becomes the published commit's message. */
function AskReviewDialog({ file, onClose, onAsked }: { file: string; onClose: () => void; onAsked: (draft: Draft) => void }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onAsked(await api.askReview(file, note));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Dialog title="Ask for review" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} className="dialog-form">
        <label>
          What did you change?
          <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} required />
        </label>
        <p role="status">{error}</p>
        <div className="dialog-buttons">
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="primary">
            Ask for review
          </button>
        </div>
      </form>
    </Dialog>
  );
}
