// The same site as a Hugo project, so `npm run bench:scale` can build both in one run and print
// their ratio: Hugo is the static-site generator the build is measured against (Debian's `hugo`).
// Each page of site/ becomes a content file whose front matter is the page's own YAML, and a few
// templates draw what the site's blocks draw: the header with every top link and panel link, the
// sections (headings, texts, lists, cards, table rows, pictures, actions), a listing of the pages
// below on each section page, and the footer. It is the equivalent in content, not in looks: no
// scripts, no styles, no structured data, as Hugo's figures are the floor a generator of static
// pages reaches, not a copy of this site. The listing is split into numbered pages like the
// project's listings (Hugo's paginate, the same cards per page as site/_site.yaml's cardsPerPage,
// `<section>/page/2/` with rel prev/next and a list of the pages), so both sites write as many pages.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parse } from "yaml";
import { siteYamlFiles } from "../../src/content/site.ts";
import { cardsPerPageOf } from "../../src/content/listing-pages.ts";
import type { Site } from "../../src/shared/generated/schema-types.ts";

const config = (cardsPerPage: number) => `baseURL = "https://www.nexa.ai/"
languageCode = "en"
title = "Nexa AI"
disableKinds = ["taxonomy", "term", "RSS"]
enableRobotsTXT = true
paginate = ${cardsPerPage}
`;

/**
 * The listed pages of a section page: those with a card, as the project's listings show. Hugo
 * makes one paginator per page, from its first call; the head and the listing both ask for it
 * with the same list, so the rel links and the cards are of the same page. The list is filtered
 * once per section (partialCached, keyed by the section's address), as a Hugo site would: a
 * `where` in the call itself is evaluated again on every numbered page, which at 10,000 pages
 * was about a third of Hugo's time.
 */
const PAGER = `.Paginate (partialCached "listed.html" . .RelPermalink)`;
const LISTED = `{{ return (where .Pages "Params.card" "!=" nil) }}
`;

/** The header is the same on every page: drawn once (partialCached), as a Hugo site would. */
const HEADER = `<header>
<a href="/"><img src="/brand/logo.svg" alt="Nexa AI home" width="140" height="40"></a>
<nav aria-label="Main"><ul>
{{- range .Site.Data.site.header.items }}
<li><a href="{{ .to }}">{{ .label }}</a>
{{- with .panel }}<div><h2>{{ .heading }}</h2><p>{{ .text }}</p>
{{- range .groups }}<h3>{{ .heading }}</h3><ul>{{ range .links }}<li><a href="{{ .to }}">{{ .label }}</a></li>{{ end }}</ul>{{ end }}</div>{{ end }}</li>
{{- end }}
</ul></nav>
</header>
`;

const BASEOF = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title>
<meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ .Permalink }}">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:description" content="{{ .Description }}">
{{- if .IsNode }}{{ $pager := ${PAGER} }}{{ with $pager.Prev }}
<link rel="prev" href="{{ .URL | absURL }}">{{ end }}{{ with $pager.Next }}
<link rel="next" href="{{ .URL | absURL }}">{{ end }}{{ end }}
</head>
<body>
{{ partialCached "header.html" . }}
<main>{{ block "main" . }}{{ end }}</main>
<footer><p>&copy; Nexa AI</p></footer>
</body>
</html>
`;

const SECTION = `{{- $s := . -}}
<section class="{{ $s.type }}">
{{- with $s.heading }}<h2>{{ . }}</h2>{{ end }}
{{- with $s.text }}<p>{{ . }}</p>{{ end }}
{{- with $s.image }}<img src="{{ .src }}" alt="{{ .alt }}" width="{{ .width }}" height="{{ .height }}">{{ end }}
{{- with $s.body }}{{ range . }}{{ if reflect.IsMap . }}{{ with .bullets }}<ul>{{ range . }}<li>{{ . }}</li>{{ end }}</ul>{{ end }}{{ else }}<p>{{ . }}</p>{{ end }}{{ end }}{{ end }}
{{- with $s.cards }}<ul>{{ range . }}<li><h3>{{ .title }}</h3><p>{{ .text }}</p>{{ with .image }}<img src="{{ .src }}" alt="{{ .alt }}" width="{{ .width }}" height="{{ .height }}">{{ end }}</li>{{ end }}</ul>{{ end }}
{{- with $s.rows }}<table><tbody>{{ range . }}<tr>{{ range . }}<td>{{ . }}</td>{{ end }}</tr>{{ end }}</tbody></table>{{ end }}
{{- with $s.actions }}{{ range . }}<a href="{{ .to }}">{{ .label }}</a>{{ end }}{{ end }}
</section>
`;

const SINGLE = `{{ define "main" }}{{ range .Params.sections }}{{ partial "section.html" . }}{{ end }}{{ end }}
`;

const LIST = `{{ define "main" }}{{ range .Params.sections }}{{ partial "section.html" . }}{{ end }}
<ul class="listing">{{ range (${PAGER}).Pages }}{{ $page := . }}{{ with .Params.card }}<li><a href="{{ $page.RelPermalink }}"><h3>{{ .title }}</h3><p>{{ .text }}</p></a></li>{{ end }}{{ end }}</ul>
{{ template "_internal/pagination.html" . }}{{ end }}
`;

/** Writes the Hugo project for the site under `root`/site into `out` (emptied first); returns how many pages it holds. */
export function makeHugoSite(root: string, out: string): number {
  rmSync(out, { recursive: true, force: true });
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file), text);
  };
  const settings = parse(readFileSync(join(root, "site", "_site.yaml"), "utf8")) as Site;
  write("hugo.toml", config(cardsPerPageOf(settings)));
  write("layouts/_default/baseof.html", BASEOF);
  write("layouts/_default/single.html", SINGLE);
  write("layouts/_default/list.html", LIST);
  write("layouts/index.html", LIST);
  write("layouts/partials/section.html", SECTION);
  write("layouts/partials/header.html", HEADER);
  write("layouts/partials/listed.html", LISTED);
  let pages = 0;
  for (const file of siteYamlFiles(root).files) {
    const name = relative(join(root, "site"), file);
    const text = readFileSync(file, "utf8");
    if (name === "_site.yaml") {
      write("data/site.yaml", text);
      continue;
    }
    // site/x/index.yaml is the page of the folder x: Hugo's section page, content/x/_index.md.
    const content = name === "index.yaml" ? "_index.md" : name.replace(/(^|\/)index\.yaml$/, "$1_index.md").replace(/\.yaml$/, ".md");
    write(join("content", content), `---\n${text}\n---\n`);
    pages++;
  }
  return pages;
}
