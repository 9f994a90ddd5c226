import BetterSqlite3 from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { deliveryConfigFromEnv } from "../../../src/server/delivery/config.ts";
import type { DeliveryRow } from "../../../src/server/delivery/outbox.ts";
import { verifySignature } from "../../../src/server/delivery/signature.ts";
import { openSqliteOutbox } from "../../../src/server/sqlite-store.ts";
import { startServer, type RunningServer } from "../../../src/server/start-server.ts";
import { eventually, startReceiver, startSmtpServer, type TestReceiver, type TestSmtpServer } from "./delivery-receivers.ts";
import { SPAM_DEFENCES_OFF, tempDbPath, VALID_ENQUIRY } from "./helpers.ts";
import { postJson } from "./raw-http.ts";
import { freePort } from "../../../tools/test/free-port.ts";

/**
 * Deliveries against real receivers: the API server (in this process, on SQLite) with email
 * to an SMTP server speaking real SMTP and a webhook to a real HTTP receiver.
 */

const SECRET = "whsec_test_0123456789";
const open: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

interface Setup {
  server: RunningServer;
  dbPath: string;
  deliveries(): Promise<DeliveryRow[]>;
}

/** For the tests that wait for a retry: the same backoff from 500 ms instead of 5 s, so the retry comes on the worker's next look (1 s). */
const RETRY_SOON = { firstRetryMs: 500 };

async function serve(env: Record<string, string>, deliveryTuning: Parameters<typeof startServer>[1] = {}): Promise<Setup> {
  const dbPath = tempDbPath();
  const server = await startServer(
    {
      port: 0,
      distDir: null,
      dbPath,
      rateLimit: 0,
      logger: false,
      spam: SPAM_DEFENCES_OFF,
      delivery: deliveryConfigFromEnv(env),
    },
    deliveryTuning,
  );
  open.push(server);
  return {
    server,
    dbPath,
    async deliveries() {
      const outbox = openSqliteOutbox(dbPath);
      try {
        return await outbox.list(1000);
      } finally {
        await outbox.close();
      }
    },
  };
}

async function smtp(...args: Parameters<typeof startSmtpServer>): Promise<TestSmtpServer> {
  const server = await startSmtpServer(...args);
  open.push(server);
  return server;
}

async function receiver(...args: Parameters<typeof startReceiver>): Promise<TestReceiver> {
  const server = await startReceiver(...args);
  open.push(server);
  return server;
}

function emailEnv(server: TestSmtpServer, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ENQUIRY_NOTIFY_SMTP_URL: server.url,
    ENQUIRY_NOTIFY_FROM: "Nexa website <noreply@nexa.example>",
    ENQUIRY_NOTIFY_TO: "sales@nexa.example, owner@nexa.example",
    // The test server speaks plain SMTP with a login (no certificate a client would trust).
    ENQUIRY_NOTIFY_SMTP_INSECURE: "1",
    ...extra,
  };
}

async function post(setup: Setup, enquiry: Record<string, string> = VALID_ENQUIRY): Promise<string> {
  const response = await postJson(setup.server.url, enquiry);
  expect(response.status).toBe(201);
  return (response.json as { session_id: string }).session_id;
}

function settled(setup: Setup, count: number, status: DeliveryRow["status"] = "delivered") {
  return eventually(
    async () => {
      const rows = await setup.deliveries();
      return rows.length === count && rows.every((row) => row.status === status) && rows;
    },
    15_000,
    `${count} deliveries ${status}`,
  );
}

const HOSTILE = "<img src=x onerror=\"alert(1)\">&amp;<script>alert('x')</script>";

describe("email deliveries", () => {
  it("send the enquiry to the recipients, with Reply-To the enquirer and the session id as reference", async () => {
    const mail = await smtp();
    const setup = await serve(emailEnv(mail));
    const sessionId = await post(setup);
    const [row] = await settled(setup, 1);
    expect(row).toMatchObject({ channel: "email", attempts: 1, last_error: null, session_id: sessionId });

    expect(mail.received).toHaveLength(1);
    const [{ from, to, mail: message }] = mail.received as [(typeof mail.received)[number]];
    expect(from).toBe("noreply@nexa.example");
    expect(to).toEqual(["sales@nexa.example", "owner@nexa.example"]);
    expect(message.subject).toBe("Website enquiry: Course enquiry from Asha Verma");
    expect(message.replyTo?.value).toEqual([{ name: "Asha Verma", address: "asha.verma@example.com" }]);
    expect(message.messageId).toBe(`<${row!.id}@nexa.example>`);
    for (const part of [message.text ?? "", String(message.html)]) {
      for (const value of Object.values(VALID_ENQUIRY)) expect(part).toContain(value);
      expect(part).toContain(`Reference: ${sessionId}`);
    }
  });

  it("route a subject to its own recipients (ENQUIRY_NOTIFY_ROUTES), the rest to ENQUIRY_NOTIFY_TO", async () => {
    const mail = await smtp();
    const setup = await serve(emailEnv(mail, { ENQUIRY_NOTIFY_ROUTES: "career opportunities=hr@nexa.example; Outsourcing=ops@nexa.example" }));
    await post(setup, { ...VALID_ENQUIRY, subject: "Career opportunities" });
    await post(setup, { ...VALID_ENQUIRY, subject: "Outsourcing" });
    await post(setup, { ...VALID_ENQUIRY, subject: "Course enquiry" });
    await settled(setup, 3);
    const bySubject = Object.fromEntries(mail.received.map((r) => [r.mail.subject?.split(": ")[1]?.split(" from")[0], r.to]));
    expect(bySubject).toEqual({
      "Career opportunities": ["hr@nexa.example"],
      Outsourcing: ["ops@nexa.example"],
      "Course enquiry": ["sales@nexa.example", "owner@nexa.example"],
    });
  });

  it("escape HTML in every field: what the visitor typed is shown, never run", async () => {
    const mail = await smtp();
    const setup = await serve(emailEnv(mail));
    const hostile = {
      ...VALID_ENQUIRY,
      first_name: HOSTILE.slice(0, 100),
      last_name: `"><b>bold</b>`,
      email: "o'brien&co+<x>@example.com".replace("<x>", "tag"),
      subject: `${HOSTILE} Subject`.slice(0, 120),
      message: `${HOSTILE}\n<a href="javascript:alert(1)">click</a>\n</td></tr></table><h1>big</h1>`,
    };
    await post(setup, hostile);
    await settled(setup, 1);
    const html = String(mail.received[0]!.mail.html);
    for (const tag of ["<img", "<script", "<b>", "<a ", "<h1>", "</table><h1>"]) expect(html).not.toContain(tag);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;amp;&lt;script&gt;");
    expect(html).toContain("&quot;&gt;&lt;b&gt;bold&lt;/b&gt;");
    expect(html).toContain("o'brien&amp;co+tag@example.com");
    expect(html).toContain("&lt;a href=&quot;javascript:alert(1)&quot;&gt;click&lt;/a&gt;<br>");
    // The text part carries the same values as typed.
    expect(mail.received[0]!.mail.text).toContain(hostile.message);
    expect(mail.received[0]!.mail.replyTo?.value[0]?.address).toBe(hostile.email);
  });

  it("retry an SMTP 4xx answer, then deliver once the server accepts", async () => {
    let refuse = true;
    const mail = await smtp({ data: () => (refuse ? [451, "Try again later"] : undefined) });
    const setup = await serve(emailEnv(mail), RETRY_SOON);
    await post(setup);
    const [first] = await eventually(async () => {
      const rows = await setup.deliveries();
      return rows[0]?.attempts === 1 && rows[0].last_error !== null && rows;
    });
    expect(first).toMatchObject({ status: "pending", last_error: "SMTP: 451 Try again later" });
    refuse = false;
    const [done] = await eventually(
      async () => {
        const rows = await setup.deliveries();
        return rows[0]?.status === "delivered" && rows;
      },
      15_000,
      "the retry after 0.5 s",
    );
    expect(done).toMatchObject({ attempts: 2, last_error: null });
    expect(mail.received).toHaveLength(1);
  });

  it.each([
    ["a 5xx answer to the message", { data: () => [554, "Message rejected as spam"] as [number, string] }, /^SMTP: 554 Message rejected as spam$/],
    ["a refused recipient", { rcpt: () => [550, "No such user here"] as [number, string] }, /^SMTP server refused the recipients: 550 No such user here$/],
    [
      "one refused recipient of two",
      { rcpt: (address: string) => (address.startsWith("owner@") ? ([550, "No such user"] as [number, string]) : undefined) },
      /^SMTP server refused owner@nexa\.example \(the other recipients have it\)$/,
    ],
  ])("fail at once on %s", async (_name, behaviour, error) => {
    const mail = await smtp(behaviour);
    const setup = await serve(emailEnv(mail));
    await post(setup);
    const [row] = await settled(setup, 1, "failed");
    expect(row!.attempts).toBe(1);
    expect(row!.last_error).toMatch(error);
  });

  it.each([
    ["use STARTTLS when the server offers it", { starttls: true }],
    ["speak TLS from the first byte to an smtps:// URL", { implicitTls: true }],
  ])("%s: with a certificate it cannot trust, nothing is sent in the clear", async (_name, tls) => {
    const mail = await smtp(tls);
    const setup = await serve(emailEnv(mail));
    await post(setup);
    const [row] = await eventually(async () => {
      const rows = await setup.deliveries();
      return rows[0]?.last_error && rows;
    });
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.last_error).toMatch(/certificate/);
    expect(mail.received).toEqual([]);
  });

  it("fail at once, saying so, when the SMTP login is refused; the API answers as usual", async () => {
    const mail = await smtp();
    const wrong = mail.url.replace(/:[^:@]+@/, ":wrong-password@");
    const setup = await serve(emailEnv(mail, { ENQUIRY_NOTIFY_SMTP_URL: wrong }));
    await post(setup);
    await post(setup);
    const rows = await settled(setup, 2, "failed");
    for (const row of rows) {
      expect(row.last_error).toBe("SMTP login refused (535 Authentication credentials invalid); check the user and password in ENQUIRY_NOTIFY_SMTP_URL");
    }
    expect(mail.received).toEqual([]);
    expect(mail.refusals).toContain("AUTH 535");
  });
});

describe("webhook deliveries", () => {
  it("POST the enquiry as signed JSON; the signature verifies and the delivery id stays the same across retries", async () => {
    const hook = await receiver(0, (index) => (index === 0 ? 503 : 200));
    const setup = await serve({ ENQUIRY_WEBHOOK_URL: hook.url, ENQUIRY_WEBHOOK_SECRET: SECRET }, RETRY_SOON);
    const sessionId = await post(setup);
    const [row] = await eventually(
      async () => {
        const rows = await setup.deliveries();
        return rows[0]?.status === "delivered" && rows;
      },
      15_000,
      "delivery after one retry",
    );
    expect(row).toMatchObject({ channel: "webhook", attempts: 2, last_error: null });

    expect(hook.requests).toHaveLength(2);
    const bodies = hook.requests.map((r) => JSON.parse(r.body) as Record<string, string>);
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0]).toEqual({
      delivery_id: row!.id,
      session_id: sessionId,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      ...VALID_ENQUIRY,
    });
    const now = Math.floor(Date.now() / 1000);
    for (const request of hook.requests) {
      expect(request.headers["content-type"]).toBe("application/json");
      const header = request.headers["x-nexa-signature"] as string;
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifySignature(SECRET, request.body, header, now)).toBe(true);
      // Anything changed, and it no longer verifies.
      expect(verifySignature("another secret", request.body, header, now)).toBe(false);
      expect(verifySignature(SECRET, request.body.replace("Asha", "Ashb"), header, now)).toBe(false);
      expect(verifySignature(SECRET, request.body, header, now + 3600)).toBe(false);
    }
  });

  it("keep trying while the receiver is down and deliver once it is back", async () => {
    const port = await freePort();
    const setup = await serve({ ENQUIRY_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`, ENQUIRY_WEBHOOK_SECRET: SECRET }, RETRY_SOON);
    await post(setup);
    const [down] = await eventually(async () => {
      const rows = await setup.deliveries();
      return rows[0]?.last_error && rows;
    });
    expect(down).toMatchObject({ status: "pending", attempts: 1 });
    expect(down!.last_error).toMatch(/^webhook: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);

    const hook = await receiver(port);
    await settled(setup, 1);
    expect(hook.requests).toHaveLength(1);
  });

  it("never hold up the API: with the receiver not answering, enquiries are still stored and answered, and stopping releases the delivery", async () => {
    const hook = await receiver(0, () => "hang");
    const setup = await serve({ ENQUIRY_WEBHOOK_URL: hook.url, ENQUIRY_WEBHOOK_SECRET: SECRET });
    for (let i = 0; i < 20; i += 1) await post(setup, { ...VALID_ENQUIRY, first_name: `N${i}` });
    await eventually(() => hook.requests.length >= 1);
    await setup.server.close();
    open.splice(open.indexOf(setup.server), 1);
    const rows = await setup.deliveries();
    expect(rows).toHaveLength(20);
    // Cut off by the shutdown, not counted as a try: the next start sends them at once.
    expect(rows.every((row) => row.status === "pending" && row.attempts === 0)).toBe(true);
  });
});

describe("deliveries on SQLite's writer thread", () => {
  it("never make the event loop wait for the write lock: with it held elsewhere, the API keeps answering; the enquiry and its delivery go through once it is free", async () => {
    const hook = await receiver();
    const setup = await serve({ ENQUIRY_WEBHOOK_URL: hook.url, ENQUIRY_WEBHOOK_SECRET: SECRET });
    // Another process's long write transaction (here a connection of the test's own). The
    // worker claims at least once a second, and a claim needs this lock: were it taken on the
    // event loop, better-sqlite3 would wait there for the lock up to the busy timeout (5 s),
    // and nothing else, this test included, could run meanwhile.
    const other = new BetterSqlite3(setup.dbPath);
    other.exec("BEGIN IMMEDIATE");
    const rounds: number[] = [];
    let stored: Promise<Awaited<ReturnType<typeof postJson>>>;
    try {
      stored = postJson(setup.server.url, VALID_ENQUIRY);
      for (let i = 0; i < 10; i += 1) {
        const start = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 250));
        // Refused by validation: an answer that needs no write, given while the lock is held.
        expect((await postJson(setup.server.url, {})).status).toBe(400);
        rounds.push(performance.now() - start);
      }
    } finally {
      other.exec("COMMIT");
      other.close();
    }
    // Each round (a 250 ms timer, then a request) over 2.5 s of held lock and 2–3 claims: none
    // held up anywhere near the busy timeout.
    expect(Math.max(...rounds)).toBeLessThan(1250);
    expect((await stored).status).toBe(201);
    await settled(setup, 1);
    expect(hook.requests).toHaveLength(1);
  });
});
