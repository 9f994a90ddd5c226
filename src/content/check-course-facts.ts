import type { Page } from "../shared/generated/schema-types.ts";
import { coursesOf } from "./course-facts.ts";
import type { LoadedFile } from "./load.ts";
import { locate, type Segment } from "./locate.ts";
import { problem, type Problem } from "./problem.ts";
import { PLACEHOLDER } from "./placeholders.ts";

/** A checked page as the course-facts check needs it. */
export interface CoursePage {
  file: string;
  route: string;
  data: Page;
  loaded: LoadedFile;
}

function valueAt(data: unknown, path: Segment[]): unknown {
  let node = data;
  for (const seg of path) node = node !== null && typeof node === "object" ? (node as Record<string | number, unknown>)[seg] : undefined;
  return node;
}

/**
 * Every fee and duration of a course page that the structured-data step cannot read, at its
 * line. The reading is course-facts.ts's own, so what validate accepts is exactly what search
 * engines are told. A starter's placeholder ("Replace: 6 months") is already reported as one,
 * and is left to that problem. Whether a course page has facts at all is `npm run check`'s
 * question (it depends on the pages below it), not this one.
 */
export function checkCourseFacts(page: CoursePage): Problem[] {
  const { problems } = coursesOf(page.route, page.data, false);
  return problems
    .filter((p) => !PLACEHOLDER.test(String(valueAt(page.data, p.path) ?? "")))
    .map((p) => problem(page.file, locate(page.loaded, p.path), p.message, p.hint));
}
