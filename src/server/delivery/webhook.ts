// Webhook deliveries: a signed JSON POST (docs/notifications.md). A 2xx answer is delivered;
// any other answer, a network error or no answer within 10 s is tried again later.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
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
  const request = config.url.protocol === "https:" ? httpsRequest : httpRequest;
  return (delivery, signal) => {
    const body = webhookBody(delivery.id, delivery.enquiry);
    const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
    return new Promise<SendResult>((resolve) => {
      const req = request(
        config.url,
        {
          method: "POST",
          // A fresh connection each time: nothing is left open to keep the process alive.
          agent: false,
          signal: AbortSignal.any([signal, timeout]),
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "user-agent": "nexa-enquiries",
            [SIGNATURE_HEADER]: signatureHeader(config.secret, body, Math.floor(now() / 1000)),
          },
        },
        (response) => {
          response.resume();
          const status = response.statusCode ?? 0;
          resolve(status >= 200 && status < 300 ? { ok: true } : { ok: false, permanent: false, error: `webhook answered ${status}` });
          req.destroy();
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
