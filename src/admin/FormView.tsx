import { useId, useState } from "react";
import type { FormSchema } from "./api.ts";
import type { FieldSpec } from "../server/editor/form-schema.ts";
import { appendEntry, dataOf, moveEntry, removeEntry, setValue, YamlEditError, type YamlPath } from "../content/yaml-edit.ts";

interface FormViewProps {
  text: string;
  form: FormSchema;
  onChange: (text: string) => void;
}

type Data = Record<string, unknown>;
const isObject = (v: unknown): v is Data => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The page as a form, drawn from the schemas: the page's own fields, then its sections as a
 * list to add to, reorder and shorten, each with its block's fields. Every change is an edit
 * of the one YAML text (yaml-edit.ts), so the source view shows it at once and nothing else moves.
 */
export function FormView({ text, form, onChange }: FormViewProps) {
  const [error, setError] = useState("");
  const [newType, setNewType] = useState(form.blocks.find((b) => b.type === "prose")?.type ?? form.blocks[0]?.type ?? "");
  const data = dataOf(text);
  const edit = (change: (text: string) => string) => {
    try {
      onChange(change(text));
      setError("");
    } catch (e) {
      if (!(e instanceof YamlEditError)) throw e;
      setError(e.message);
    }
  };
  if (!isObject(data)) {
    return (
      <div className="form-view">
        <p className="notice" role="status">
          The page does not read cleanly as YAML just now. Fix the mistake shown in the source view, and the form comes back.
        </p>
      </div>
    );
  }
  const sections = Array.isArray(data.sections) ? (data.sections as unknown[]) : [];
  const blockOf = (type: unknown) => form.blocks.find((b) => b.type === type);
  const starter = form.blocks.find((b) => b.type === newType)?.starter;

  return (
    <div className="form-view">
      <p className="form-error" role="alert">
        {error}
      </p>
      <fieldset className="form-group">
        <legend>Page</legend>
        <Fields fields={form.page} data={data} path={[]} edit={edit} />
      </fieldset>
      <h2 className="form-heading">Sections</h2>
      <ol className="section-list">
        {sections.map((section, i) => {
          const type = isObject(section) ? section.type : undefined;
          const block = blockOf(type);
          const name = `Section ${i + 1}: ${block?.title ?? String(type)}`;
          return (
            <li key={i} className="section-item">
              <fieldset className="form-group">
                <legend>{name}</legend>
                <div className="section-actions">
                  <button type="button" onClick={() => edit((t) => moveEntry(t, ["sections"], i, -1))} disabled={i === 0} aria-label={`Move ${name} up`}>
                    Move up
                  </button>
                  <button type="button" onClick={() => edit((t) => moveEntry(t, ["sections"], i, 1))} disabled={i === sections.length - 1} aria-label={`Move ${name} down`}>
                    Move down
                  </button>
                  <button type="button" onClick={() => edit((t) => removeEntry(t, ["sections"], i))} disabled={sections.length === 1} aria-label={`Remove ${name}`}>
                    Remove
                  </button>
                </div>
                {block && isObject(section) ? <Fields fields={block.fields} data={section} path={["sections", i]} edit={edit} /> : <p>This block is edited in the source view.</p>}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="add-section">
        <label>
          New section
          <select value={newType} onChange={(e) => setNewType(e.target.value)}>
            {form.blocks.map((b) => (
              <option key={b.type} value={b.type}>
                {b.title} ({b.type})
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={!starter} onClick={() => starter && edit((t) => appendEntry(t, ["sections"], starter))}>
          Add section
        </button>
      </div>
    </div>
  );
}

interface FieldsProps {
  fields: FieldSpec[];
  data: Data;
  path: YamlPath;
  edit: (change: (text: string) => string) => void;
}

function Fields({ fields, data, path, edit }: FieldsProps) {
  return (
    <>
      {fields.map((field) => (
        <Field key={field.name} field={field} value={data[field.name]} path={[...path, field.name]} edit={edit} />
      ))}
    </>
  );
}

function Field({ field, value, path, edit }: { field: FieldSpec; value: unknown; path: YamlPath; edit: FieldsProps["edit"] }) {
  const id = useId();
  const hint = `${id}-hint`;
  const set = (v: string | number | boolean) => edit((t) => setValue(t, path, v));
  const label = `${field.title}${field.required ? " (required)" : ""}`;
  const describe = field.description ? (
    <span id={hint} className="field-hint">
      {field.description}
    </span>
  ) : null;
  const described = field.description ? hint : undefined;
  switch (field.kind) {
    case "group":
      if (value !== undefined && !isObject(value)) return null;
      return (
        <fieldset className="form-subgroup">
          <legend>{label}</legend>
          {describe}
          {isObject(value) ? <Fields fields={field.fields ?? []} data={value} path={path} edit={edit} /> : <p className="field-hint">Not set: add it in the source view.</p>}
        </fieldset>
      );
    case "list":
      return (
        <p className="field-list">
          <strong>{label}</strong>: {Array.isArray(value) ? `${value.length} ${value.length === 1 ? "entry" : "entries"}` : "none"}, edited in the source view.
        </p>
      );
    case "boolean":
      return (
        <div className="field field-check">
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} aria-describedby={described} />
          <label htmlFor={id}>{label}</label>
          {describe}
        </div>
      );
    case "choice":
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <select id={id} value={value === undefined ? "" : String(value)} onChange={(e) => set(field.choices!.find((c) => String(c) === e.target.value)!)} aria-describedby={described}>
            {value === undefined ? <option value="">(not set)</option> : null}
            {field.choices!.map((c) => (
              <option key={String(c)} value={String(c)}>
                {String(c)}
              </option>
            ))}
          </select>
          {describe}
        </div>
      );
    case "number":
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            type="number"
            value={typeof value === "number" ? value : ""}
            onChange={(e) => e.target.value !== "" && Number.isFinite(Number(e.target.value)) && set(Number(e.target.value))}
            aria-describedby={described}
          />
          {describe}
        </div>
      );
    default: {
      if (value !== undefined && typeof value !== "string") return null;
      const Input = field.kind === "longtext" ? "textarea" : "input";
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <Input id={id} value={value ?? ""} onChange={(e: { target: { value: string } }) => set(e.target.value)} aria-describedby={described} {...(Input === "textarea" ? { rows: 3 } : { type: "text" })} />
          {describe}
        </div>
      );
    }
  }
}
