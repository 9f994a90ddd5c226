// The enquiry form's proof-of-work solver (ALTCHA), run off the main thread so typing never
// stutters. Built by Vite into its own file under /assets/, so it loads from 'self' under the
// page's Content-Security-Policy: no blob: URL, no inline script, no eval.
//
// altcha-lib's own worker for PBKDF2 derives keys with node:crypto; this one pairs the same
// message handler with the WebCrypto derivation (the same keys), which browsers have.
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { handler } from "altcha-lib/workers/shared";

handler({ deriveKey });
