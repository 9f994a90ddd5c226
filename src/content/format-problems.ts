import type { Problem } from "./problem.ts";

/** The one problem formatter: `file:line:col  message — hint`, used by CLI, build, dev overlay and tests. */
export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}:${p.col}  ${p.message}${p.hint ? ` — ${p.hint}` : ""}`;
}

export function formatSummary(problems: Problem[], filesChecked: number): string {
  const files = new Set(problems.map((p) => p.file)).size;
  const checked = `(${filesChecked} ${filesChecked === 1 ? "file" : "files"} checked)`;
  if (problems.length === 0) return `No problems ${checked}`;
  return `${problems.length} ${problems.length === 1 ? "problem" : "problems"} in ${files} ${files === 1 ? "file" : "files"} ${checked}`;
}

export function formatText(problems: Problem[], filesChecked: number): string {
  return [...problems.map(formatProblem), formatSummary(problems, filesChecked)].join("\n");
}

const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** GitHub Actions workflow commands: each problem becomes an annotation on its line. */
export function formatGithub(problems: Problem[], filesChecked: number): string {
  const lines = problems.map(
    (p) =>
      `::error file=${escapeProperty(p.file)},line=${p.line},col=${p.col},title=${escapeProperty("Content problem")}::${escapeData(p.hint ? `${p.message} — ${p.hint}` : p.message)}`,
  );
  return [...lines, formatSummary(problems, filesChecked)].join("\n");
}

export function formatJson(problems: Problem[], filesChecked: number): string {
  return JSON.stringify({ problems, filesChecked, summary: formatSummary(problems, filesChecked) }, null, 2);
}
