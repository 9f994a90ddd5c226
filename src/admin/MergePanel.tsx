import { MergeView } from "@codemirror/merge";
import { yaml } from "@codemirror/lang-yaml";
import { EditorView } from "@codemirror/view";
import { useEffect, useRef } from "react";
import { editorSetup } from "./editor-setup.ts";

/**
 * Your text beside the disk version, with the differences marked and a button on each to take
 * the disk's side (CodeMirror's merge view); "Keep this merge" carries on editing the left side.
 */
export function MergePanel({
  mine,
  disk,
  onDone,
  onCancel,
  theirs = "the version on disk",
}: {
  mine: string;
  disk: string;
  onDone: (merged: string) => void;
  onCancel: () => void;
  /** What the right side is: the version on disk, or the live page a draft is merged with. */
  theirs?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const merge = useRef<MergeView | null>(null);
  useEffect(() => {
    const view = new MergeView({
      parent: host.current!,
      a: { doc: mine, extensions: [editorSetup(), yaml(), EditorView.contentAttributes.of({ "aria-label": "Your version" })] },
      b: {
        doc: disk,
        extensions: [
          editorSetup(),
          yaml(),
          EditorView.editable.of(false),
          EditorView.contentAttributes.of({ "aria-label": theirs.charAt(0).toUpperCase() + theirs.slice(1) }),
        ],
      },
      revertControls: "b-to-a",
    });
    merge.current = view;
    return () => view.destroy();
  }, [mine, disk, theirs]);
  return (
    <section className="merge" aria-label={`Merge with ${theirs}`}>
      <p>Left: your version. Right: {theirs}. Use the arrows to take a change from the right.</p>
      <div ref={host} className="merge-view" />
      <button type="button" className="primary" onClick={() => onDone(merge.current!.a.state.doc.toString())}>
        Keep this merge
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </section>
  );
}
