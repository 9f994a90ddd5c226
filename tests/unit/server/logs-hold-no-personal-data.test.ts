import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteOutbox } from "../../../src/server/sqlite-store.ts";
import { eventually, startReceiver, startSmtpServer } from "./delivery-receivers.ts";
import { tempDbPath } from "./helpers.ts";
import { postJson } from "./raw-http.ts";

const LAUNCHER = fileURLToPath(new URL("../../../src/cli/launch.mjs", import.meta.url));

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

/** Visitors whose every field is distinctive enough to be found in a log, in any case. */
const VISITORS = [
  {
    first_name: "Zubeida",
    last_name: "Quarrington",
    email: "zubeida.q@mail.example",
    phone: "+919811100001",
    subject: "Course enquiry",
    message: "Tangerine lighthouse semaphore",
  },
  {
    first_name: "Okonkwo",
    last_name: "Vasquez-Lindqvist",
    email: "okv@corp.example",
    phone: "+449811100002",
    subject: "Internship enquiry",
    message: "Marmalade periscope quartet",
  },
  {
    first_name: "Hélène",
    last_name: "Żółkiewska",
    email: "helene.z@web.example",
    phone: "+339811100003",
    subject: "Services for clients",
    message: "Cobalt xylophone meridian",
  },
  {
    first_name: "Priyamvada",
    last_name: "Thirunavukkarasu",
    email: "priya.t@uni.example",
    phone: "+919811100004",
    subject: "Career opportunities",
    message: "",
  },
];

/** Every piece of personal data the visitors sent, and the parts a log might carry separately. */
function personalData(): string[] {
  return VISITORS.flatMap((v) => [v.first_name, v.last_name, v.email, v.email.split("@")[0]!, v.phone, v.phone.slice(-10), v.message].filter(Boolean));
}

interface Run {
  output(): string;
  stop(): Promise<void>;
  url: string;
}

/** `npm run serve:api` as production runs it (compiled, plain node, LOG_LEVEL info), keeping everything it writes. */
function serve(env: Record<string, string>): Promise<Run> {
  const { DATABASE_URL: _url, ENQUIRY_DB: _db, LOG_LEVEL: _level, ...inherited } = process.env;
  const child = spawn(process.execPath, [LAUNCHER, "serve"], {
    env: { ...inherited, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const run: Run = {
    output: () => output,
    url: "",
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
  open.push({ close: run.stop });
  return eventually(
    () => {
      const match = / on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (child.exitCode !== null) throw new Error(`the server exited before listening:\n${output}`);
      return match ? { ...run, url: match[1]! } : null;
    },
    60_000,
    "the server listening",
  );
}

describe("the logs of a full run", () => {
  it("hold no email address, name, phone number or message: start, enquiries taken and refused, deliveries sent, retried and failed", async () => {
    let messages = 0;
    // Every second message is refused for good (550); the webhook fails its first answer for each.
    const mail = await startSmtpServer({ data: () => (messages++ % 2 === 1 ? [550, "Message refused by policy"] : undefined) });
    open.push(mail);
    const seen = new Set<string>();
    const hook = await startReceiver(0, () => "hang");
    hook.answer = (index) => {
      const body = hook.requests[index]!.body;
      const first = !seen.has(body);
      seen.add(body);
      return first ? 503 : 200;
    };
    open.push(hook);
    const dbPath = tempDbPath();
    const server = await serve({
      ENQUIRY_DB: dbPath,
      ENQUIRY_NOTIFY_SMTP_URL: mail.url,
      ENQUIRY_NOTIFY_SMTP_INSECURE: "1",
      ENQUIRY_NOTIFY_FROM: "Nexa website <noreply@nexa.test>",
      ENQUIRY_NOTIFY_TO: "sales@nexa.test",
      ENQUIRY_WEBHOOK_URL: hook.url,
      ENQUIRY_WEBHOOK_SECRET: "whsec_logs",
      ENQUIRY_RATE_LIMIT: "3",
      // The most the server ever writes: a line per request too, as JSON.
      LOG_LEVEL: "debug",
      LOG_FORMAT: "json",
      // These visitors post without the form (no time token, no proof of work): with the spam
      // defences on they would be kept back, and this test is about the deliveries' lines.
      ENQUIRY_SPAM_DEFENCES: "off",
    });

    for (const visitor of VISITORS) expect((await postJson(server.url, visitor)).status).toBeOneOf([201, 429]);
    // Refused ones carry personal data too: a bad field, a wrong content type.
    expect((await postJson(server.url, { ...VISITORS[0], phone: "Zubeida" })).status).toBeOneOf([400, 429]);

    const outbox = openSqliteOutbox(dbPath);
    open.push(outbox);
    await eventually(
      async () => {
        const rows = await outbox.list(100);
        const emails = rows.filter((row) => row.channel === "email");
        const hooks = rows.filter((row) => row.channel === "webhook");
        return emails.length === 3 && emails.every((row) => row.status !== "pending") && hooks.every((row) => row.status === "delivered") && hooks.length === 3;
      },
      30_000,
      "every delivery sent, failed or retried",
    );
    await server.stop();

    const log = server.output();
    // The run did what it says: deliveries failed and were retried, so their lines are there.
    expect(log).toMatch(/failed for good/);
    expect(log).toMatch(/trying again in \d+ s/);
    expect(log).toMatch(/"status":429/);
    const lower = log.toLowerCase();
    const found = personalData().filter((text) => lower.includes(text.toLowerCase()));
    expect(found).toEqual([]);
  }, 120_000);

  it("hold none with the spam defences on: enquiries held back as spam, a honeypot and a fill time among them", async () => {
    const server = await serve({ ENQUIRY_DB: tempDbPath(), ENQUIRY_RATE_LIMIT: "0", LOG_LEVEL: "debug", LOG_FORMAT: "json" });
    // Without the form's token and proof of work every one is held; the honeypot carries personal data too.
    for (const visitor of VISITORS)
      expect((await postJson(server.url, { ...visitor, nx_check: visitor.email, fill_time_ms: 4_000, fill_actions: 0 })).status).toBe(201);
    await server.stop();
    const log = server.output();
    expect(log.match(/"status":201/g)).toHaveLength(VISITORS.length);
    const lower = log.toLowerCase();
    expect(personalData().filter((text) => lower.includes(text.toLowerCase()))).toEqual([]);
  }, 60_000);
});
