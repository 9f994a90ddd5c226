import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSqliteStaffStore } from "../../../../src/server/staff/sqlite-staff-store.ts";
import { tokenHash } from "../../../../src/server/staff/staff-store.ts";
import { tempDbPath } from "../helpers.ts";

const LAUNCHER = join(import.meta.dirname, "../../../../src/cli/launch.mjs");

describe("npm run staff, through the one command entry", () => {
  it("invites with a one-time link kept hashed, lists, changes a role, removes and shows the log", async () => {
    const dbPath = tempDbPath();
    const env = { ...process.env, ENQUIRY_DB: dbPath, DATABASE_URL: "", EDITOR_ORIGIN: "https://www.example.com", ENQUIRY_NOTIFY_SMTP_URL: "" };
    const staff = (...args: string[]) => spawnSync(process.execPath, [LAUNCHER, "staff", ...args], { env, encoding: "utf8", timeout: 60_000 });

    const invited = staff("invite", "Ana@Company.example", "--name", "Ana Rao", "--role", "editor");
    expect(invited.stderr).toBe("");
    expect(invited.status).toBe(0);
    const token = /https:\/\/www\.example\.com\/admin\/#invite=([\w-]{43})\n/.exec(invited.stdout)?.[1];
    expect(token).toBeDefined();
    const store = openSqliteStaffStore(dbPath);
    try {
      expect((await store.invited(tokenHash(token!), Date.now()))?.email).toBe("ana@company.example");
    } finally {
      await store.close();
    }

    expect(staff("invite", "bob@company.example").status).toBe(2);
    expect(staff("role", "ana@company.example", "publisher").stdout).toBe("ana@company.example is now a publisher.\n");
    expect(staff("list").stdout).toMatch(
      /^email +name +role +passkeys +sessions +last sign-in \(UTC\)\nana@company\.example +Ana Rao +publisher +0 +0 +never\n$/,
    );
    expect(staff("remove", "ana@company.example").status).toBe(0);
    expect(staff("remove", "ana@company.example").status).toBe(1);
    const log = staff("log").stdout;
    expect(
      log
        .split("\n")
        .slice(1, 4)
        .map((line) => line.split(/ {2,}/)[2]),
    ).toEqual(["remove", "role", "invite"]);
    expect(log).not.toContain(token);
    expect(staff("delete", "ana@company.example").status).toBe(2);
  });
});
