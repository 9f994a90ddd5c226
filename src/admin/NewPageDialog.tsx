import { useState, type FormEvent } from "react";
import { api } from "./api.ts";
import { Dialog } from "./Dialog.tsx";

/** The starters of `npm run new` (src/content/starters.ts), with an example address for each. */
const KINDS = [
  { kind: "industry", label: "Industry", example: "/industries/mining" },
  { kind: "course", label: "Course", example: "/courses/normal-course/data-and-ai/machine-learning" },
  { kind: "course-group", label: "Course group", example: "/courses/normal-course/robotics" },
  { kind: "exam", label: "Exam", example: "/courses/comparative-exam-preparation/gre" },
  { kind: "page", label: "Other page", example: "/teach-with-us/faq" },
] as const;

/** New page: the kind, the address and the title; the server writes the starter as `npm run new` does. */
export function NewPageDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (file: string) => void | Promise<void> }) {
  const [kind, setKind] = useState<string>("industry");
  const [address, setAddress] = useState("");
  const [title, setTitle] = useState("");
  const [error, setError] = useState("");
  const example = KINDS.find((k) => k.kind === kind)!.example;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { files } = await api.create(kind, address, title);
      await onCreated(files[0]!.file);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Dialog title="New page" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} className="dialog-form">
        <label>
          Kind of page
          <select value={kind} onChange={(e) => setKind(e.target.value)}>
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Address
          <input value={address} onChange={(e) => setAddress(e.target.value)} placeholder={example} required aria-describedby="new-page-error" />
        </label>
        <label>
          Title
          <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={60} aria-describedby="new-page-error" />
        </label>
        <p id="new-page-error" className="form-error" role="alert">
          {error}
        </p>
        <div className="dialog-buttons">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary">
            Create page
          </button>
        </div>
      </form>
    </Dialog>
  );
}
