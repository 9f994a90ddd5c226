import { describe, expect, it } from "vitest";
import { parseStaffArgs } from "../../../src/cli/staff-args.ts";

describe("npm run staff's arguments", () => {
  it.each<[string[], unknown]>([
    [
      ["invite", "Ana@Company.example", "--name", "Ana Rao", "--role", "editor"],
      { command: "invite", email: "ana@company.example", name: "Ana Rao", role: "editor" },
    ],
    [["invite", "ana@company.example"], { command: "invite", email: "ana@company.example" }],
    [["invite", "ana@company.example", "--role=publisher"], { command: "invite", email: "ana@company.example", role: "publisher" }],
    [["list"], { command: "list" }],
    [["role", "ana@company.example", "publisher"], { command: "role", email: "ana@company.example", role: "publisher" }],
    [["remove", "ana@company.example"], { command: "remove", email: "ana@company.example" }],
    [["log"], { command: "log", limit: 50 }],
    [["log", "--limit", "200"], { command: "log", limit: 200 }],
  ])("reads %j", (args, expected) => {
    expect(parseStaffArgs(args)).toEqual(expected);
  });

  it.each([
    [],
    ["invite"],
    ["invite", "not-an-address"],
    ["invite", "ana@company.example", "--role", "admin"],
    ["invite", "ana@company.example", "--name", ""],
    ["invite", "ana@company.example", "--role", "editor", "--role", "publisher"],
    ["invite", "ana@company.example", "bob@company.example"],
    ["role", "ana@company.example", "owner"],
    ["remove"],
    ["remove", "ana@company.example", "bob@company.example"],
    ["remove", "ana@company.example", "--name", "x"],
    ["log", "--limit", "0"],
    ["list", "extra"],
    ["delete", "ana@company.example"],
  ])("refuses %j", (...args) => {
    expect(parseStaffArgs(args)).toBeNull();
  });
});
