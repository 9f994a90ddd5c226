import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { api, ApiError, type FormSchema } from "./api.ts";
import { Dialog } from "./Dialog.tsx";
import type { FieldSpec } from "../server/editor/form-schema.ts";
import { appendEntry, dataOf, moveEntry, removeEntry, setFields, setValue, YamlEditError, type FieldValues, type YamlPath } from "../content/yaml-edit.ts";

interface FormViewProps {
  /** The page file, whose address names the folder of its new pictures. */
  file: string;
  text: string;
  form: FormSchema;
  onChange: (text: string) => void;
  /** Whether an upload may write over a picture of the same name: a publisher's right (an editor's would be live before review). */
  mayReplacePictures: boolean;
}

/** Whether the person may write over a picture (FormViewProps.mayReplacePictures), for the picture dialog deep in the form. */
const MayReplacePictures = createContext(false);

type Data = Record<string, unknown>;
const isObject = (v: unknown): v is Data => v !== null && typeof v === "object" && !Array.isArray(v);
const typeOf = (section: unknown) => (isObject(section) ? section.type : undefined);

/**
 * The page as a form, drawn from the schemas: the page's own fields, then its sections as a
 * list to add to, reorder and shorten, each with its block's fields. Every change is an edit
 * of the one YAML text (yaml-edit.ts), so the source view shows it at once and nothing else moves.
 */
export function FormView({ file, text, form, onChange, mayReplacePictures }: FormViewProps) {
  const [error, setError] = useState("");
  const focusAfter = useFocusAfterEdit(text);
  const [newType, setNewType] = useState(form.blocks.find((b) => b.type === "prose")?.type ?? form.blocks[0]?.type ?? "");
  const data = dataOf(text);
  const edit = (change: (text: string) => string): string | null => {
    try {
      const next = change(text);
      onChange(next);
      setError("");
      return next;
    } catch (e) {
      if (!(e instanceof YamlEditError)) throw e;
      setError(e.message);
      return null;
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
    <MayReplacePictures.Provider value={mayReplacePictures}>
      <div className="form-view">
        <p className="form-error" role="alert">
          {error}
        </p>
        <fieldset className="form-group">
          <legend>Page</legend>
          <Fields fields={form.page} data={data} path={[]} edit={edit} file={file} focusAfter={focusAfter} />
        </fieldset>
        <h2 className="form-heading">Sections</h2>
        <EntryList
          listPath={["sections"]}
          entries={sections}
          minimum={1}
          legendOf={(section, i) => `Section ${i + 1}: ${blockOf(typeOf(section))?.title ?? String(typeOf(section))}`}
          nameOf={(legend) => `s${legend.slice(1)}`}
          className="section-list"
          itemClassName="section-item"
          groupClassName="form-group"
          fieldsOf={(section, i) => {
            const block = blockOf(typeOf(section));
            return block && isObject(section) ? (
              <Fields fields={block.fields} data={section} path={["sections", i]} edit={edit} file={file} focusAfter={focusAfter} />
            ) : (
              <p>This block is edited in the source view.</p>
            );
          }}
          edit={edit}
          focusAfter={focusAfter}
        />
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
          <button
            type="button"
            disabled={!starter}
            onClick={() => {
              if (starter) appendWithFocus(edit, focusAfter, ["sections"], sections.length, starter);
            }}
          >
            Add section
          </button>
        </div>
      </div>
    </MayReplacePictures.Provider>
  );
}

interface FieldsProps {
  fields: FieldSpec[];
  data: Data;
  path: YamlPath;
  /** Applies an edit of the text; gives the new text, or null when the edit was refused. */
  edit: (change: (text: string) => string) => string | null;
  file: string;
  focusAfter: (key: string, text: string) => void;
}

function Fields({ fields, data, path, edit, file, focusAfter }: FieldsProps) {
  return (
    <>
      {fields.map((field) => (
        <Field key={field.name} field={field} value={data[field.name]} path={[...path, field.name]} edit={edit} file={file} focusAfter={focusAfter} />
      ))}
    </>
  );
}

/** The key of a list entry's button, for focus to find it again after the list changed. */
const focusKey = (action: string, listPath: YamlPath, index: number) => `${action}:${listPath.join(".")}:${index}`;

/**
 * Focus the control named by a key once the edit it follows has been drawn: a moved entry's
 * same button at its new place (or its other move button when it reached an end), the entry that
 * took a removed one's place, a new entry's Remove button. Without this, focus falls to the page.
 *
 * The wish waits for the render of the edited text itself: an effect of an earlier render (a
 * check's answer arriving) may run after the click set the wish and before the edit is drawn,
 * and must neither use it nor drop it.
 */
function useFocusAfterEdit(text: string): (key: string, after: string) => void {
  const wanted = useRef<{ key: string; after: string } | null>(null);
  useEffect(() => {
    if (wanted.current === null || wanted.current.after !== text) return;
    const candidates = wanted.current.key.split("|").map((key) => document.querySelector<HTMLElement>(`[data-focus-key="${key}"]:not(:disabled)`));
    wanted.current = null;
    candidates.find((c) => c !== null)?.focus();
  }, [text]);
  return (key: string, after: string) => {
    wanted.current = { key, after };
  };
}

/**
 * A list control's run: the edit of the text, then the focus to the first of the named controls
 * that is there once the edit is drawn (a move's same button at the new place, else its other one).
 */
function runListEdit(edit: FieldsProps["edit"], focusAfter: FieldsProps["focusAfter"], change: (text: string) => string, ...focusKeys: string[]) {
  const next = edit(change);
  if (next !== null) focusAfter(focusKeys.join("|"), next);
}

/** An entry's Move up, Move down and Remove buttons, each named with the entry ("Move up cards 2"). */
function EntryActions(props: {
  listPath: YamlPath;
  index: number;
  count: number;
  minimum: number;
  name: string;
  edit: FieldsProps["edit"];
  focusAfter: FieldsProps["focusAfter"];
}) {
  const { listPath, index: i, count, minimum, name, edit, focusAfter } = props;
  const key = (action: string, index: number) => focusKey(action, listPath, index);
  const run = (change: (text: string) => string, ...then: string[]) => runListEdit(edit, focusAfter, change, ...then);
  return (
    <div className="section-actions">
      <button
        type="button"
        data-focus-key={key("up", i)}
        onClick={() => run((t) => moveEntry(t, listPath, i, -1), key("up", i - 1), key("down", i - 1))}
        disabled={i === 0}
        aria-label={`Move up ${name}`}
      >
        Move up
      </button>
      <button
        type="button"
        data-focus-key={key("down", i)}
        onClick={() => run((t) => moveEntry(t, listPath, i, 1), key("down", i + 1), key("up", i + 1))}
        disabled={i === count - 1}
        aria-label={`Move down ${name}`}
      >
        Move down
      </button>
      <button
        type="button"
        data-focus-key={key("remove", i)}
        onClick={() => run((t) => removeEntry(t, listPath, i), key("remove", i), key("remove", i - 1))}
        disabled={count <= Math.max(1, minimum)}
        aria-label={`Remove ${name}`}
      >
        Remove
      </button>
    </div>
  );
}

/** Add an entry at the end of a list, and take the focus to its Remove button, so the keyboard carries on from the new entry. */
function appendWithFocus(edit: FieldsProps["edit"], focusAfter: FieldsProps["focusAfter"], listPath: YamlPath, count: number, starter: string) {
  runListEdit(edit, focusAfter, (t) => appendEntry(t, listPath, starter), focusKey("remove", listPath, count));
}

/**
 * The entries of a list (the page's sections, a block's cards or rows): each a group named by its
 * legend, with its Move up, Move down and Remove buttons (named by the legend too) above its fields.
 */
function EntryList({
  listPath,
  entries,
  minimum,
  legendOf,
  nameOf,
  className,
  itemClassName,
  groupClassName,
  fieldsOf,
  edit,
  focusAfter,
}: {
  listPath: YamlPath;
  entries: unknown[];
  minimum: number;
  legendOf: (entry: unknown, index: number) => string;
  /** What the entry's buttons call it ("Move up cards 2"), from its legend. */
  nameOf: (legend: string) => string;
  className: string;
  itemClassName?: string;
  groupClassName: string;
  fieldsOf: (entry: unknown, index: number) => ReactNode;
} & Pick<FieldsProps, "edit" | "focusAfter">) {
  return (
    <ol className={className}>
      {entries.map((entry, i) => {
        const legend = legendOf(entry, i);
        return (
          <li key={i} className={itemClassName}>
            <fieldset className={groupClassName}>
              <legend>{legend}</legend>
              <EntryActions listPath={listPath} index={i} count={entries.length} minimum={minimum} name={nameOf(legend)} edit={edit} focusAfter={focusAfter} />
              {fieldsOf(entry, i)}
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}

/** A list inside a block (cards, rows, slides): its entries with their fields, to add to, reorder and shorten. */
function ListField({
  field,
  value,
  path,
  edit,
  file,
  focusAfter,
}: { field: FieldSpec; value: unknown; path: YamlPath } & Omit<FieldsProps, "fields" | "data" | "path">) {
  const entries = Array.isArray(value) ? (value as unknown[]) : [];
  const drawable = field.fields && field.starter && entries.every(isObject);
  const label = `${field.title}${field.required ? " (required)" : ""}`;
  if (!drawable || entries.length === 0)
    return (
      <p className="field-list">
        <strong>{label}</strong>: {entries.length > 0 ? `${entries.length} ${entries.length === 1 ? "entry" : "entries"}` : "none"}, edited in the source view.
      </p>
    );
  return (
    <fieldset className="form-subgroup">
      <legend>{label}</legend>
      <EntryList
        listPath={path}
        entries={entries}
        minimum={field.minItems ?? 1}
        legendOf={(_entry, i) => `${field.title} ${i + 1}`}
        nameOf={(legend) => legend.toLowerCase()}
        className="entry-list"
        groupClassName="form-subgroup"
        fieldsOf={(entry, i) => <Fields fields={field.fields!} data={entry as Data} path={[...path, i]} edit={edit} file={file} focusAfter={focusAfter} />}
        edit={edit}
        focusAfter={focusAfter}
      />
      <button type="button" onClick={() => appendWithFocus(edit, focusAfter, path, entries.length, field.starter!)}>
        {`Add to ${field.title.toLowerCase()}`}
      </button>
    </fieldset>
  );
}

function Field({
  field,
  value,
  path,
  edit,
  file,
  focusAfter,
}: { field: FieldSpec; value: unknown; path: YamlPath } & Omit<FieldsProps, "fields" | "data" | "path">) {
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
          {isObject(value) ? (
            <Fields fields={field.fields ?? []} data={value} path={path} edit={edit} file={file} focusAfter={focusAfter} />
          ) : (
            <p className="field-hint">Not set: add it in the source view.</p>
          )}
        </fieldset>
      );
    case "list":
      return <ListField field={field} value={value} path={path} edit={edit} file={file} focusAfter={focusAfter} />;
    case "picture":
      return <PictureField field={field} value={value} path={path} edit={edit} file={file} focusAfter={focusAfter} />;
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
          <select
            id={id}
            value={value === undefined ? "" : String(value)}
            onChange={(e) => set(field.choices!.find((c) => String(c) === e.target.value)!)}
            aria-describedby={described}
          >
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
          <Input
            id={id}
            value={value ?? ""}
            onChange={(e: { target: { value: string } }) => set(e.target.value)}
            aria-describedby={described}
            {...(Input === "textarea" ? { rows: 3 } : { type: "text" })}
          />
          {describe}
        </div>
      );
    }
  }
}

interface PlacedPicture {
  src: string;
  width: number;
  height: number;
  phone?: { src: string; width: number; height: number };
}

/**
 * A picture field: drop a file on it or choose one (a keyboard cannot drop). The dialog shows
 * the picture and asks its alternative text, which must be given (or the picture marked as
 * decoration) before it is placed; the server checks the file, writes it under site/assets/
 * and answers its path and size, which are written into the page with the text.
 */
function PictureField({
  field,
  value,
  path,
  edit,
  file,
  focusAfter,
}: { field: FieldSpec; value: unknown; path: YamlPath } & Omit<FieldsProps, "fields" | "data" | "path">) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [over, setOver] = useState(false);
  const current = isObject(value) ? value : null;
  const label = `${field.title}${field.required ? " (required)" : ""}`;
  return (
    <div
      className={over ? "field picture-field dropping" : "field picture-field"}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const dropped = e.dataTransfer.files[0];
        if (dropped) setChosen(dropped);
      }}
    >
      <span id={`${id}-label`} className="picture-label">
        {label}
      </span>
      <p className="field-hint">
        {current && typeof current.src === "string" ? `${current.src}, ${String(current.width)} × ${String(current.height)}` : "No picture yet."} Drop a JPEG,
        PNG or WebP picture here, or choose one.
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => e.target.files?.[0] && setChosen(e.target.files[0])}
      />
      <button type="button" aria-describedby={`${id}-label`} onClick={() => input.current?.click()}>
        {`Choose a picture for ${field.title.toLowerCase()}`}
      </button>
      {current && field.fields?.length ? <Fields fields={field.fields} data={current} path={path} edit={edit} file={file} focusAfter={focusAfter} /> : null}
      {chosen ? (
        <PictureDialog
          picture={chosen}
          page={file}
          phoneCut={field.phoneCut}
          initialAlt={current && typeof current.alt === "string" ? current.alt : ""}
          onCancel={() => {
            setChosen(null);
            if (input.current) input.current.value = "";
          }}
          onPlaced={(placed, alt, decorative) => {
            const values: FieldValues = { src: placed.src, alt: decorative ? "" : alt, width: placed.width, height: placed.height };
            if (decorative) values.decorative = true;
            if (placed.phone) values.phone = { src: placed.phone.src, width: placed.phone.width, height: placed.phone.height };
            edit((t) => setFields(t, path, values));
            setChosen(null);
          }}
        />
      ) : null}
    </div>
  );
}

function PictureDialog(props: {
  picture: File;
  page: string;
  phoneCut?: string;
  initialAlt: string;
  onCancel: () => void;
  onPlaced: (placed: PlacedPicture, alt: string, decorative: boolean) => void;
}) {
  const { picture, page, phoneCut, initialAlt, onCancel, onPlaced } = props;
  const [alt, setAlt] = useState(initialAlt);
  const [decorative, setDecorative] = useState(false);
  const mayReplace = useContext(MayReplacePictures);
  const [replace, setReplace] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // jsdom has no object URLs; a browser shows the picture before it is sent.
  const url = useMemo(() => (typeof URL.createObjectURL === "function" ? URL.createObjectURL(picture) : ""), [picture]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const place = async () => {
    if (!decorative && alt.trim() === "") {
      setError("Describe the picture in one sentence for people who cannot see it, or mark it as decoration.");
      return;
    }
    setBusy(true);
    setError("");
    try {
      const placed = await api.picture(page, picture, { phone: phoneCut, replace: mayReplace && replace });
      onPlaced(placed, alt.trim(), decorative);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "The picture could not be sent: is the editor still running?");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title="Place a picture" onClose={onCancel}>
      <form
        method="dialog"
        className="dialog-form"
        onSubmit={(e) => {
          e.preventDefault();
          void place();
        }}
      >
        {url ? <img src={url} alt="" className="picture-preview" /> : null}
        <p>{`${picture.name} (${Math.ceil(picture.size / 1024)} KB)${phoneCut ? ": a phone version is cut from it too." : ""}`}</p>
        <div className="field">
          <label htmlFor="picture-alt">Alt text (required)</label>
          <textarea
            id="picture-alt"
            rows={2}
            maxLength={300}
            value={alt}
            disabled={decorative}
            onChange={(e) => setAlt(e.target.value)}
            aria-describedby="picture-alt-hint"
          />
          <span id="picture-alt-hint" className="field-hint">
            One plain sentence saying what the picture shows. Do not start with &quot;Image of&quot;.
          </span>
        </div>
        <div className="field field-check">
          <input id="picture-decorative" type="checkbox" checked={decorative} onChange={(e) => setDecorative(e.target.checked)} />
          <label htmlFor="picture-decorative">Decoration only (no alt text)</label>
        </div>
        {mayReplace ? (
          <div className="field field-check">
            <input id="picture-replace" type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} />
            <label htmlFor="picture-replace">Write over a picture of the same name</label>
          </div>
        ) : null}
        <p className="form-error" role="alert">
          {error}
        </p>
        <div className="dialog-buttons">
          <button type="submit" disabled={busy}>
            {busy ? "Placing…" : "Place picture"}
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
