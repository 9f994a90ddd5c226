/**
 * Makes everything in the document but `keep` (and its ancestors) inert: not focusable, not
 * clickable, hidden from assistive technology, as a modal dialog's page is. Returns a function
 * that gives back exactly what it took (elements inert before stay inert).
 *
 * Written here rather than taken from the `aria-hidden` package's `inertOthers`: that package
 * carries aria-hidden bookkeeping this site never needs, and every byte of the header counts
 * against the home page's 82 KB script budget; the walk itself is these few lines.
 */
export function inertOthers(keep: Element): () => void {
  const made: Element[] = [];
  for (let at: Element | null = keep; at && at !== document.body; at = at.parentElement) {
    for (const sibling of at.parentElement?.children ?? []) {
      if (sibling === at || sibling instanceof HTMLScriptElement || sibling.hasAttribute("inert")) continue;
      sibling.setAttribute("inert", "");
      made.push(sibling);
    }
  }
  return () => {
    for (const el of made) el.removeAttribute("inert");
  };
}
