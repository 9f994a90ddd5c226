import { describe, expect, it } from "vitest";
import { isPageFile, routeOfFile } from "../../../src/content/routes.ts";

describe("routeOfFile", () => {
  it.each([
    ["index.yaml", "/"],
    ["careers/index.yaml", "/careers"],
    ["courses/explore.yaml", "/courses/explore"],
    ["courses/comparative-exam-preparation/gate.yaml", "/courses/comparative-exam-preparation/gate"],
    ["industries/casestudy/HealthCareAI.yaml", "/industries/casestudy/HealthCareAI"],
    ["my-nexa/auth/login.yaml", "/my-nexa/auth/login"],
  ])("%s → %s", (file, route) => expect(routeOfFile(file)).toBe(route));
});

describe("isPageFile", () => {
  it.each([
    ["index.yaml", true],
    ["careers/index.yaml", true],
    ["_site.yaml", false],
    ["drafts/_notes.yaml", false],
    ["_partials/x.yaml", false],
    ["assets/data.yaml", false],
    ["readme.md", false],
  ])("%s → %s", (file, expected) => expect(isPageFile(file)).toBe(expected));
});
