import type { BreadcrumbList, Course, CourseInstance, Offer, Organization, Thing, WebSite, WithContext } from "schema-dts";
import type { Site } from "../../shared/generated/schema-types.ts";
import type { CourseFacts, Price } from "../../content/course-facts.ts";
import { ancestorsOf, labelOf, type SiteTree } from "../../content/page-place.ts";
import { absoluteUrl, canonicalUrl } from "../../shared/canonical-url.ts";
import { jsonForHtml } from "../../shared/html.ts";

/**
 * Structured data (schema.org JSON-LD) for one page, typed with schema-dts so that a
 * misspelt property or a wrong value type fails `npm run typecheck`.
 */
export type JsonLd = WithContext<Thing>;

/** Google's words for CourseInstance.courseMode, from site/_site.yaml's courseMode. */
export const COURSE_MODE = { online: "Online", onsite: "Onsite", blended: "Blended" } as const satisfies Record<Site["courseMode"], string>;

/** Google's pricing categories for Offer.category are Free, Partially Free, Subscription and Paid: every fee here is paid. */
export const OFFER_CATEGORY = "Paid";

const absolute = (site: Site, path: string) => absoluteUrl(site.url, path);

/** The company as a provider: name and address, as Google's Course guidelines ask. */
function provider(site: Site): Organization {
  return { "@type": "Organization", name: site.company, url: absolute(site, "/") };
}

/** Organization on the home page: name, logo, social profiles and how to get in touch. */
export function organizationLd(site: Site): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.company,
    url: absolute(site, "/"),
    logo: absolute(site, site.header.logo.src),
    sameAs: site.footer.social.map((s) => s.to),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer service",
      url: absolute(site, site.header.contact.to),
      availableLanguage: site.language ?? "en",
    },
  };
}

/** WebSite on the home page: the site's name and address. */
export function webSiteLd(site: Site): WithContext<WebSite> {
  return { "@context": "https://schema.org", "@type": "WebSite", name: site.company, url: absolute(site, "/"), inLanguage: site.language ?? "en" };
}

/** Home › the pages above › this page, each with its address (an alias's page's own address); `last` adds one more item at the end. */
export function breadcrumbLd(tree: SiteTree, route: string, last?: { name: string; route: string }): WithContext<BreadcrumbList> {
  const trail = ["/", ...ancestorsOf(tree, route), route].map((r) => ({ name: r === "/" ? "Home" : labelOf(tree, r), route: r }));
  if (last) trail.push(last);
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map(({ name, route: r }, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: absolute(tree.site, r),
    })),
  };
}

/** A numbered page of a split listing: its first page's trail, then "Page n" at its own address. */
export function numberedBreadcrumbLd(tree: SiteTree, first: string, page: { page: number; route: string }): WithContext<BreadcrumbList> {
  return breadcrumbLd(tree, first, { name: `Page ${page.page}`, route: page.route });
}

function offerLd(site: Site, price: Price, url: string): Offer {
  return {
    "@type": "Offer",
    category: OFFER_CATEGORY,
    price: price.price,
    priceCurrency: price.currency,
    url,
    ...(price.for ? { name: price.for } : {}),
    ...(price.plusGst
      ? { priceSpecification: { "@type": "PriceSpecification", price: price.price, priceCurrency: price.currency, valueAddedTaxIncluded: false } }
      : {}),
  };
}

/** Course: name, description, provider, an offer per price (INR, then USD where given), an instance per duration. */
export function courseLd(site: Site, route: string, course: CourseFacts): WithContext<Course> {
  const url = canonicalUrl(site.url, route, route);
  const instances: CourseInstance[] = course.workloads.map((workload) => ({
    "@type": "CourseInstance",
    courseMode: COURSE_MODE[site.courseMode],
    courseWorkload: workload,
  }));
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.name,
    description: course.description,
    url,
    inLanguage: site.language ?? "en",
    provider: provider(site),
    offers: course.prices.map((p) => offerLd(site, p, url)),
    hasCourseInstance: instances,
  };
}

/** JSON-LD inside <script>, escaped like every JSON block of the page, so no text in it can close the element early. */
export function scriptTag(data: JsonLd): string {
  return `<script type="application/ld+json">${jsonForHtml(data)}</script>`;
}
