import { afterEach, describe, expect, it } from "vitest";
import { openPgStaffStore } from "../../../../src/server/staff/pg-staff-store.ts";
import { openSqliteStaffStore } from "../../../../src/server/staff/sqlite-staff-store.ts";
import { INVITE_MS, newToken, tokenHash, type StaffStore, type StoredPasskey } from "../../../../src/server/staff/staff-store.ts";
import { tempDbPath } from "../helpers.ts";
import { freshDatabase, postgresOnly } from "../postgres.ts";

/** The staff store's one contract, against SQLite and a real PostgreSQL. */
const KINDS: { name: string; open(): Promise<StaffStore> }[] = [
  { name: "SQLite", open: async () => openSqliteStaffStore(tempDbPath()) },
  { name: "PostgreSQL", open: async () => openPgStaffStore(await freshDatabase()) },
];

const T0 = Date.parse("2026-11-27T09:00:00.000Z");
const PASSKEY: StoredPasskey = { id: "cred-1", publicKey: new Uint8Array([1, 2, 3, 4]), counter: 0, transports: ["internal"] };

const opened: StaffStore[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

describe.each(KINDS)("$name staff store", (kind) => {
  describe("contract", postgresOnly(kind.name === "PostgreSQL"), () => {
    const open = async () => {
      const store = await kind.open();
      opened.push(store);
      return store;
    };

    it("makes an account with its invite, needs a name and role for a new one, and lists it", async () => {
      const store = await open();
      expect(await store.count()).toBe(0);
      expect(await store.invite({ email: "bob@example.com" }, tokenHash(newToken()), T0 + INVITE_MS, T0)).toEqual({ outcome: "needs-name-and-role" });
      const result = await store.invite({ email: " Ana@Example.com ", name: "Ana Rao", role: "editor" }, tokenHash(newToken()), T0 + INVITE_MS, T0);
      expect(result).toMatchObject({
        outcome: "invited",
        created: true,
        account: { email: "ana@example.com", name: "Ana Rao", role: "editor", lastSignInAt: null },
      });
      const again = await store.invite({ email: "ana@example.com", role: "publisher" }, tokenHash(newToken()), T0 + INVITE_MS, T0);
      expect(again).toMatchObject({ outcome: "invited", created: false, account: { name: "Ana Rao", role: "publisher" } });
      expect(await store.count()).toBe(1);
      expect(await store.list()).toMatchObject([{ email: "ana@example.com", role: "publisher", passkeys: 0, sessions: 0 }]);
    });

    it("uses an invite once, within its time, replacing the passkeys and sessions the account had", async () => {
      const store = await open();
      const [first, second, late] = [newToken(), newToken(), newToken()];
      await store.invite({ email: "ana@example.com", name: "Ana Rao", role: "editor" }, tokenHash(first), T0 + INVITE_MS, T0);
      expect((await store.invited(tokenHash(first), T0))?.email).toBe("ana@example.com");
      expect(await store.register(tokenHash(first), PASSKEY, "session-1", T0 + 1000)).toMatchObject({ email: "ana@example.com" });
      expect(await store.register(tokenHash(first), { ...PASSKEY, id: "cred-x" }, "session-x", T0 + 2000)).toBeNull();
      expect(await store.invited(tokenHash(first), T0 + 2000)).toBeNull();
      expect(await store.session("session-1")).toMatchObject({ account: { email: "ana@example.com" }, createdAt: T0 + 1000, lastSeenAt: T0 + 1000 });
      expect(await store.session("session-x")).toBeNull();

      await store.invite({ email: "ana@example.com" }, tokenHash(late), T0 + INVITE_MS, T0);
      expect(await store.register(tokenHash(late), { ...PASSKEY, id: "cred-late" }, "session-late", T0 + INVITE_MS)).toBeNull();

      await store.invite({ email: "ana@example.com" }, tokenHash(second), T0 + 2 * INVITE_MS, T0 + INVITE_MS);
      await store.register(tokenHash(second), { ...PASSKEY, id: "cred-2" }, "session-2", T0 + INVITE_MS + 1);
      expect(await store.passkey("cred-1")).toBeNull();
      expect(await store.session("session-1")).toBeNull();
      const found = await store.passkey("cred-2");
      expect(found?.passkey).toEqual({ ...PASSKEY, id: "cred-2" });
      expect(found?.account.email).toBe("ana@example.com");
    });

    it("signs in with a new counter and session, touches and ends sessions, and removes an account with every session", async () => {
      const store = await open();
      const token = newToken();
      await store.invite({ email: "ana@example.com", name: "Ana Rao", role: "publisher" }, tokenHash(token), T0 + INVITE_MS, T0);
      await store.register(tokenHash(token), PASSKEY, "s1", T0);
      await store.signIn("cred-1", 7, "s2", T0 + 5000);
      expect((await store.passkey("cred-1"))?.passkey.counter).toBe(7);
      await store.touchSession("s2", T0 + 9000);
      expect(await store.session("s2")).toMatchObject({ createdAt: T0 + 5000, lastSeenAt: T0 + 9000 });
      await store.endSession("s2");
      expect(await store.session("s2")).toBeNull();
      expect(await store.list()).toMatchObject([{ sessions: 1, passkeys: 1, lastSignInAt: new Date(T0 + 5000).toISOString() }]);
      expect(await store.setRole("ana@example.com", "editor")).toBe(true);
      expect(await store.setRole("nobody@example.com", "editor")).toBe(false);
      expect(await store.remove("ana@example.com")).toBe(true);
      expect(await store.session("s1")).toBeNull();
      expect(await store.passkey("cred-1")).toBeNull();
      expect(await store.count()).toBe(0);
      expect(await store.remove("ana@example.com")).toBe(false);
    });

    it("keeps the audit trail newest first", async () => {
      const store = await open();
      await store.audit({ email: "ana@example.com", action: "save", page: "site/index.yaml" }, T0);
      await store.audit({ email: "ana@example.com", action: "publish", commit: "abc123" }, T0 + 1000);
      expect(await store.log(10)).toEqual([
        { at: new Date(T0 + 1000).toISOString(), email: "ana@example.com", action: "publish", page: null, commit: "abc123", detail: null },
        { at: new Date(T0).toISOString(), email: "ana@example.com", action: "save", page: "site/index.yaml", commit: null, detail: null },
      ]);
      expect(await store.log(1)).toHaveLength(1);
    });
  });
});
