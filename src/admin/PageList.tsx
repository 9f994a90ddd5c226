import { memo, useId, useMemo, useState } from "react";
import type { PageSummary } from "./api.ts";

interface PageListProps {
  pages: PageSummary[];
  settings: { file: string; problems: number } | null;
  current: string | null;
  onOpen: (file: string) => void;
}

const problemText = (n: number) => (n === 1 ? "1 problem" : `${n} problems`);

/** The group's name as the site shows it: the title of its top page ("Industries | Nexa AI" → "Industries"), else its address. */
function groupName(group: string, pages: PageSummary[]): string {
  if (group === "") return "Home";
  const top = pages.find((p) => p.route === `/${group}`);
  return top ? top.title.replace(/\s*\|.*$/, "") : `/${group}`;
}

/**
 * Every page by address and title, grouped as the site is, with a search box, problem counts and
 * aliases. Drawn again only when the pages, the open page or the search change, not at each
 * keystroke in the open page: at 10,000 pages a drawing of the list takes longer than the check.
 */
export const PageList = memo(function PageList({ pages, settings, current, onOpen }: PageListProps) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const { shown, groups } = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = pages.filter((p) => words.every((w) => [p.route, p.title, p.file, ...p.aliases].some((s) => s.toLowerCase().includes(w))));
    const groups = new Map<string, PageSummary[]>();
    for (const p of shown) {
      const members = groups.get(p.group);
      if (members) members.push(p);
      else groups.set(p.group, [p]);
    }
    return { shown, groups };
  }, [pages, query]);
  return (
    <nav className="page-list" aria-label="Pages">
      <label htmlFor={searchId}>Find a page</label>
      <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Address or title" />
      <p className="page-count" role="status">
        {shown.length === pages.length ? `${pages.length} pages` : `${shown.length} of ${pages.length} pages`}
      </p>
      {settings ? (
        <button type="button" className="page-link" aria-current={current === settings.file ? "page" : undefined} onClick={() => onOpen(settings.file)}>
          <span className="page-title">Site settings (header, footer)</span>
          {settings.problems > 0 ? <span className="badge">{problemText(settings.problems)}</span> : null}
        </button>
      ) : null}
      {[...groups].map(([group, members]) => (
        <section key={group} className="page-group">
          <h2>{groupName(group, pages)}</h2>
          <ul>
            {members.map((p) => (
              <li key={p.file}>
                <button type="button" className="page-link" aria-current={current === p.file ? "page" : undefined} onClick={() => onOpen(p.file)}>
                  <span className="page-route">{p.route}</span>
                  <span className="page-title">{p.title}</span>
                  {p.aliases.length > 0 ? <span className="page-aliases">also {p.aliases.join(", ")}</span> : null}
                  {p.draft ? <span className="badge draft">{p.draft === "new" ? "new, in your draft" : "your draft"}</span> : null}
                  {p.problems > 0 ? <span className="badge">{problemText(p.problems)}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
});
