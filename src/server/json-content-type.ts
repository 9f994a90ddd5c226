function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

function isUtf8Parameter(parameter: string): boolean {
  const [name = "", value = ""] = parameter.split("=").map((part) => part.trim().toLowerCase());
  if (name !== "charset") return true;
  const charset = unquote(value);
  return charset === "utf-8" || charset === "utf8";
}

// What nearly every client sends, known without taking the header apart (it is read on the
// request thread for every enquiry).
const USUAL = new Set(["application/json", "application/json; charset=utf-8", "application/json;charset=utf-8", "application/json;charset=UTF-8"]);

/** True for `application/json`, with no charset or a UTF-8 one (RFC 8259 allows only UTF-8). */
export function isJsonUtf8(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  if (USUAL.has(contentType)) return true;
  const [mediaType = "", ...parameters] = contentType.split(";");
  return mediaType.trim().toLowerCase() === "application/json" && parameters.every(isUtf8Parameter);
}
