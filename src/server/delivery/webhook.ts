// Webhook deliveries: a signed JSON POST (docs/notifications.md). A 2xx answer is delivered;
// any other answer, a network error or no answer within 10 s is tried again later.
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { StoredEnquiry } from "../store.ts";
import type { WebhookConfig } from "./config.ts";
import { oneLine, type Sender, type SendResult } from "./send-result.ts";
import { SIGNATURE_HEADER, signatureHeader } from "./signature.ts";

export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The JSON body: the same on every try of one delivery (only the signature's time changes). */
export function webhookBody(deliveryId: string, enquiry: StoredEnquiry): string {
  return JSON.stringify({
    delivery_id: deliveryId,
    session_id: enquiry.session_id,
    created_at: enquiry.created_at,
    first_name: enquiry.first_name,
    last_name: enquiry.last_name,
    email: enquiry.email,
    phone: enquiry.phone,
    subject: enquiry.subject,
    message: enquiry.message,
  });
}

export function webhookSender(config: WebhookConfig, now: () => number = Date.now): Sender {
  const secure = config.url.protocol === "https:";
  const request = secure ? httpsRequest : httpRequest;
  // Connections are kept for the next delivery (a burst of enquiries costs one handshake, not
  // one each); Node unrefs idle ones, so they never keep the process alive.
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  return (delivery, signal) => {
    const body = webhookBody(delivery.id, delivery.enquiry);
    const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
    return new Promise<SendResult>((resolve) => {
      const req = request(
        config.url,
        {
          method: "POST",
          agent,
          signal: AbortSignal.any([signal, timeout]),
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "user-agent": "nexa-enquiries",
            [SIGNATURE_HEADER]: signatureHeader(config.secret, body, Math.floor(now() / 1000)),
          },
        },
        (response) => {
          // Read and drop the body, so the connection can be used again.
          response.resume();
          const status = response.statusCode ?? 0;
          resolve(status >= 200 && status < 300 ? { ok: true } : { ok: false, permanent: false, error: `webhook answered ${status}` });
        },
      );
      req.on("error", (error) => {
        const reason = timeout.aborted ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` : oneLine(error.message);
        resolve({ ok: false, permanent: false, error: `webhook: ${reason}` });
      });
      req.end(body);
    });
  };
}
