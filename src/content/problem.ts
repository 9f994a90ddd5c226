/** One thing wrong with the content, where it is, in words for the person editing it. */
export interface Problem {
  /** Path relative to the project root, with forward slashes: site/careers/index.yaml */
  file: string;
  line: number;
  col: number;
  message: string;
  hint?: string;
}

export function problem(file: string, pos: { line: number; col: number }, message: string, hint?: string): Problem {
  return hint ? { file, line: pos.line, col: pos.col, message, hint } : { file, line: pos.line, col: pos.col, message };
}

export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col);
}
