import { autocompletion, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { yaml } from "@codemirror/lang-yaml";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { ChangeSet, EditorState, type ChangeSpec } from "@codemirror/state";
import { EditorView, hoverTooltip } from "@codemirror/view";
import { useEffect, useRef } from "react";
import { api, type Problem } from "./api.ts";
import { editorSetup } from "./editor-setup.ts";
import { labelOf } from "../content/fixes.ts";
import type { Fix } from "../content/problem.ts";
import { offsetOf } from "../content/yaml-edit.ts";

interface SourceEditorProps {
  file: string;
  text: string;
  problems: Problem[];
  /** The text the problems were found in: their fixes are edits of it. */
  checkedText: string;
  onChange: (text: string) => void;
}

/**
 * The extent of what a problem points at: the text its message quotes when the place starts with
 * it ("Ten industries", "Rs 45k", a picture path with its spaces or slashes), a whole count token
 * ({count:industrie}), else a quoted text (up to the line's end when its quote is not closed there:
 * a quote further down must not stretch the mark over the lines between), or the value or name up to
 * the next space, colon or bracket.
 */
function extentAt(text: string, from: number, message: string): number {
  const quoted = [...message.matchAll(/"([^"]+)"/g)].map((m) => m[1]!).filter((q) => text.startsWith(q, from));
  if (quoted.length > 0) return from + Math.max(...quoted.map((q) => q.length));
  const match = /^(\{count(?::[^{}\s]*)?\}|"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'|"[^"\n]*|'[^'\n]*|[^\s:,}\]#]+)/.exec(text.slice(from));
  return from + Math.max(1, match?.[0].length ?? 1);
}

/**
 * The validator's problems as CodeMirror diagnostics at their line and column, each with its
 * one-click fix as the diagnostic's action (a button in the tooltip over the marked text; in the
 * problems panel, its access key). The same fix is a button in the problem list beside the editor.
 */
export function diagnosticsOf(text: string, problems: Problem[]): Diagnostic[] {
  return problems.map((p) => {
    const from = Math.min(offsetOf(text, p.line, p.col), text.length);
    const to = Math.min(extentAt(text, from, p.message), text.length);
    const fix = p.fix;
    return {
      from: Math.min(from, to),
      to,
      severity: "error",
      message: p.hint ? `${p.message} — ${p.hint}` : p.message,
      // The fix's offsets are of this text, which the diagnostics are set for; an edit since moves them with it.
      ...(fix ? { actions: [{ name: labelOf(fix), apply: (view: EditorView) => view.dispatch({ changes: mapped(view, text, fix) }) }] } : {}),
    };
  });
}

/** A fix's edits, made against `text`, as changes to the editor's document now (the same, or edited since: mapped through). */
function mapped(view: EditorView, text: string, fix: Fix): ChangeSpec {
  const edits = (Array.isArray(fix) ? fix : [fix]).map(({ from, to, insert }) => ({ from, to, insert }));
  const doc = view.state.doc.toString();
  if (doc === text) return edits;
  const since = ChangeSet.of(diffChange(text, doc), text.length);
  return edits.map(({ from, to, insert }) => ({ from: since.mapPos(from, 1), to: since.mapPos(to, -1), insert }));
}

/** The one change that turns `a` into `b`: what lies between their common start and common end. */
function diffChange(a: string, b: string): ChangeSpec {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return { from: start, to: endA, insert: b.slice(start, endB) };
}

/**
 * The YAML source view: CodeMirror 6 (no eval, no inline script: it runs under the admin's
 * strict CSP) with completions and hover help from the schemas through the editor's API, and
 * every problem the validator reports shown at its line and column.
 */
export function SourceEditor({ file, text, problems, checkedText, onChange }: SourceEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const complete = async (context: CompletionContext): Promise<CompletionResult | null> => {
      const result = await api.complete(file, context.state.doc.toString(), context.pos).catch(() => null);
      if (!result || result.options.length === 0) return null;
      return {
        from: result.from,
        options: result.options.map((o) => ({ label: o.label, apply: o.apply, type: o.type, detail: o.detail, info: o.info })),
        validFor: /^[\w$-]*$/,
      };
    };
    const help = hoverTooltip(async (v, pos) => {
      const result = await api.hover(file, v.state.doc.toString(), pos).catch(() => null);
      const hover = result?.hover;
      if (!hover) return null;
      return {
        pos: hover.from,
        end: hover.to,
        create() {
          const dom = document.createElement("div");
          dom.className = "schema-help";
          const title = dom.appendChild(document.createElement("strong"));
          title.textContent = hover.title;
          for (const line of hover.text.split("\n").filter(Boolean)) dom.appendChild(document.createElement("p")).textContent = line;
          return { dom };
        },
      };
    });
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: text,
        extensions: [
          editorSetup(),
          yaml(),
          lintGutter(),
          autocompletion({ override: [complete] }),
          help,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ "aria-label": `YAML source of ${file}`, "aria-multiline": "true" }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // A new editor per file; later texts arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);

  // Text changed elsewhere (the form view, the disk version): replace the document, keeping the cursor where it can stay.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current === text) return;
    let start = 0;
    while (start < current.length && start < text.length && current[start] === text[start]) start++;
    let endOld = current.length;
    let endNew = text.length;
    while (endOld > start && endNew > start && current[endOld - 1] === text[endNew - 1]) {
      endOld--;
      endNew--;
    }
    editor.dispatch({ changes: { from: start, to: endOld, insert: text.slice(start, endNew) } });
  }, [text]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    // Placed in the text they were found in, then carried over any edit made since (the next check replaces them).
    const doc = editor.state.doc.toString();
    const since = doc === checkedText ? null : ChangeSet.of(diffChange(checkedText, doc), checkedText.length);
    const diagnostics = diagnosticsOf(checkedText, problems).map((d) =>
      since ? { ...d, from: since.mapPos(d.from, 1), to: Math.max(since.mapPos(d.from, 1), since.mapPos(d.to, -1)) } : d,
    );
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [problems, checkedText]);

  return <div className="source-editor" ref={host} />;
}
