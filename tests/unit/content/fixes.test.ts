import { describe, expect, it } from "vitest";
import { applyFix, fixOf, labelOf } from "../../../src/content/fixes.ts";

describe("one-click fixes", () => {
  const TEXT = 'title: T\nsections:\n  - type: heor\n    tittle: Hi\n    actions:\n      - { label: Go, to: "/conect#tems" }\n';
  it.each<[string, { line: number; col: number; hint: string }, string | null]>([
    [
      "a misspelt field name",
      { line: 4, col: 5, hint: 'did you mean "title"?' },
      'title: T\nsections:\n  - type: heor\n    title: Hi\n    actions:\n      - { label: Go, to: "/conect#tems" }\n',
    ],
    [
      "a misspelt block type",
      { line: 3, col: 11, hint: 'did you mean "hero"? (hero, prose)' },
      'title: T\nsections:\n  - type: hero\n    tittle: Hi\n    actions:\n      - { label: Go, to: "/conect#tems" }\n',
    ],
    [
      "a link to a missing page keeps its quotes",
      { line: 6, col: 26, hint: 'did you mean "/connect#tems"?' },
      'title: T\nsections:\n  - type: heor\n    tittle: Hi\n    actions:\n      - { label: Go, to: "/connect#tems" }\n',
    ],
    [
      "a missing anchor changes only the part after #",
      { line: 6, col: 26, hint: 'did you mean "#teams"?' },
      'title: T\nsections:\n  - type: heor\n    tittle: Hi\n    actions:\n      - { label: Go, to: "/conect#teams" }\n',
    ],
    ["a hint that names no single fix", { line: 4, col: 5, hint: "the fields here are: title, text" }, null],
  ])("%s", (_name, problem, fixed) => {
    const fix = fixOf(TEXT, { file: "site/x.yaml", message: "", ...problem });
    expect(fix && applyFix(TEXT, fix)).toBe(fixed);
  });
});

describe("one-click fixes of a count token inside a text", () => {
  const TEXT = "sections:\n  - type: cardGrid\n    heading: We serve {count:industrys} sectors and {count:industrys} more\n";
  it.each<[string, { line: number; col: number; hint: string }, string | null]>([
    [
      "the token at the problem's place",
      { line: 3, col: 23, hint: "did you mean {count:industries}?" },
      "sections:\n  - type: cardGrid\n    heading: We serve {count:industries} sectors and {count:industrys} more\n",
    ],
    [
      "the second token of the same text",
      { line: 3, col: 53, hint: "did you mean {count:industries}?" },
      "sections:\n  - type: cardGrid\n    heading: We serve {count:industrys} sectors and {count:industries} more\n",
    ],
    ["a place that holds no token", { line: 3, col: 14, hint: "did you mean {count:industries}?" }, null],
    ["a hint that lists the counts", { line: 3, col: 23, hint: "the counts are: industries, courses (site/_site.yaml, counts:)" }, null],
  ])("%s", (_name, problem, fixed) => {
    const fix = fixOf(TEXT, { file: "site/x.yaml", message: "", ...problem });
    expect(fix && applyFix(TEXT, fix)).toBe(fixed);
    if (fix) expect(labelOf(fix)).toBe("Change to {count:industries}");
  });
});
