/** A request the editor's API refuses: its status and one sentence for the person at the editor. */
export class EditorInputError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields of the JSON answer beside `error` (the problems of a page that cannot be published, the disk text of a conflict). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "EditorInputError";
  }
}
