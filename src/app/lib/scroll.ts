/**
 * SPEC §2.5: scroll smoothly to the element whose id is the hash, else to the top.
 * The sticky header is cleared by `scroll-padding-top` in global.css.
 */
export function scrollToHash(hash: string): void {
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const behavior: ScrollBehavior = reduce ? "auto" : "smooth";
  const id = hash.startsWith("#") ? decodeURIComponent(hash.slice(1)) : "";
  const target = id ? document.getElementById(id) : null;
  if (target) target.scrollIntoView({ behavior, block: "start" });
  else window.scrollTo({ top: 0, behavior });
}
