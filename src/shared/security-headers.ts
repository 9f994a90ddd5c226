/**
 * The security headers of every response. One source for the server and for a static
 * host's `_headers` file, so both send the same policy.
 */

export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

export interface SecurityHeaderOptions {
  /** VITE_API_BASE: when the enquiry API is on another origin, the page may connect to it. */
  apiBase?: string;
}

/** The origin of an absolute http(s) API base; undefined for "" or a same-origin path such as "/". */
export function apiOrigin(apiBase: string | undefined): string | undefined {
  if (!apiBase || apiBase.startsWith("/")) return undefined;
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new Error(`VITE_API_BASE "${apiBase}" is not a URL; use https://api.example.com or leave it empty.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`VITE_API_BASE "${apiBase}" must start with https:// or http://.`);
  }
  return url.origin;
}

export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  const connectSrc = ["'self'", apiOrigin(options.apiBase)].filter(Boolean).join(" ");
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "media-src 'self'",
    `connect-src ${connectSrc}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Headers for every answer of the enquiry API, which is JSON, never a page: OWASP's set for
 * REST services. A page's policy (its scripts, styles, pictures and the form's connect-src)
 * says nothing about JSON; `default-src 'none'` keeps a JSON answer a browser is led to open
 * inert, `frame-ancestors 'none'` out of frames, `nosniff` from being read as anything else,
 * and `no-store` out of every cache. A third of the bytes of the page set, on every answer.
 * Strict-Transport-Security is added over HTTPS, as for pages.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
});

/** Headers for every page and file of the site. Strict-Transport-Security is separate: only over HTTPS. */
export function securityHeaders(options: SecurityHeaderOptions = {}): Readonly<Record<string, string>> {
  return Object.freeze({
    "Content-Security-Policy": contentSecurityPolicy(options),
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
  });
}
