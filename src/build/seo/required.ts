/**
 * The properties Google needs before it shows a rich result, per type, from its structured
 * data documentation (developers.google.com/search/docs/appearance/structured-data):
 * Course info, Breadcrumb, Organization and Site names. A path "a[].b" means "b on every
 * entry of a". Organization has no required properties in Google's list; the ones here are
 * its recommended ones that this site always gives (logo, social profiles, contact point).
 * structured-data-testing-tool's Google preset has no Course or BreadcrumbList rules, hence this table.
 */
export const REQUIRED: Record<string, string[]> = {
  Course: [
    "name",
    "description",
    "provider",
    "provider.name",
    "offers",
    "offers[].category",
    "offers[].price",
    "offers[].priceCurrency",
    "hasCourseInstance",
    "hasCourseInstance[].courseMode",
    "hasCourseInstance[].courseWorkload",
  ],
  BreadcrumbList: ["itemListElement", "itemListElement[].position", "itemListElement[].name", "itemListElement[].item"],
  Organization: ["name", "url", "logo", "sameAs", "contactPoint", "contactPoint.contactType"],
  WebSite: ["name", "url"],
};

type Json = unknown;

const isEmpty = (v: Json) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/** The values at a path such as "offers[].category" (one per offer). */
function valuesAt(data: Json, path: string): Json[] {
  let values: Json[] = [data];
  for (const part of path.split(".")) {
    const each = part.endsWith("[]");
    const key = each ? part.slice(0, -2) : part;
    values = values.flatMap((v) => {
      const next = v && typeof v === "object" ? (v as Record<string, Json>)[key] : undefined;
      return each ? (Array.isArray(next) ? next : [next]) : [next];
    });
  }
  return values;
}

/** What one JSON-LD object lacks: "Course: offers[].priceCurrency is missing". */
export function missingProperties(data: Json): string[] {
  const type = data && typeof data === "object" ? (data as { "@type"?: unknown })["@type"] : undefined;
  if (typeof type !== "string") return ["an object without @type"];
  if ((data as { "@context"?: unknown })["@context"] !== "https://schema.org") return [`${type}: @context is not https://schema.org`];
  return (REQUIRED[type] ?? []).filter((path) => valuesAt(data, path).some(isEmpty)).map((path) => `${type}: ${path} is missing`);
}

/** The JSON-LD blocks of an HTML page, parsed; a block that is not JSON is a problem, not an exception. */
export function jsonLdOf(html: string): { blocks: Json[]; problems: string[] } {
  const blocks: Json[] = [];
  const problems: string[] = [];
  for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    try {
      blocks.push(JSON.parse(m[1]!));
    } catch (error) {
      problems.push(`a JSON-LD block is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { blocks, problems };
}

/** Every problem with a page's structured data: unreadable blocks and missing required properties. */
export function structuredDataProblems(html: string): string[] {
  const { blocks, problems } = jsonLdOf(html);
  return [...problems, ...blocks.flatMap(missingProperties)];
}

/** The @type of each block, in order: ["BreadcrumbList", "Course"]. */
export const typesOf = (blocks: Json[]) => blocks.map((b) => String((b as { "@type"?: unknown })["@type"]));
