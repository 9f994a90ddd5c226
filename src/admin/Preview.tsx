import { useEffect, useRef, useState } from "react";

/** The widths the preview shows a page at: a phone, a tablet and a desktop (SPEC §9.1's breakpoint lies between the first two). */
export const PREVIEW_WIDTHS = [
  { width: 375, label: "Phone" },
  { width: 768, label: "Tablet" },
  { width: 1280, label: "Desktop" },
] as const;

interface PreviewProps {
  title: string;
  html: string | null;
  /** Why the preview shows an older version, or "" when it is current. */
  stale: string;
  onNavigate: (address: string) => void;
}

/**
 * The page as the site's renderer draws it, in a frame sandboxed without scripts (it can run
 * nothing; the editor reads its clicks itself): a link inside opens that page in the editor,
 * a link outside the site opens in a new tab. The frame is drawn at the chosen width and
 * scaled to fit the pane, and keeps its scroll position when the page is drawn again.
 */
export function Preview({ title, html, stale, onNavigate }: PreviewProps) {
  const [width, setWidth] = useState<number>(1280);
  const frame = useRef<HTMLIFrameElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  const scrollY = useRef(0);
  const navigate = useRef(onNavigate);
  useEffect(() => {
    navigate.current = onNavigate;
  }, [onNavigate]);

  // Scale the frame to the pane: set through the CSSOM, which the admin's style-src 'self' allows (an inline style= would not be).
  useEffect(() => {
    const box = pane.current;
    const iframe = frame.current;
    if (!box || !iframe) return;
    const fit = () => {
      const scale = Math.min(1, box.clientWidth / width);
      iframe.style.setProperty("width", `${width}px`);
      iframe.style.setProperty("height", `${Math.max(400, box.clientHeight / scale)}px`);
      iframe.style.setProperty("transform", `scale(${scale})`);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, [width]);

  // A new version of the same page is drawn into the open document, not loaded as a new one: no
  // new document to style and lay out, so it shows sooner (about 70 ms sooner here) and keeps its
  // scroll. A first page, another stylesheet or a document still loading loads the frame anew.
  const drawn = useRef<string | null>(null);
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe || html === drawn.current) return;
    const doc = iframe.contentDocument;
    const inPlace = html !== null && drawn.current !== null && doc !== null && doc.readyState === "complete" && drawInPlace(doc, html);
    if (!inPlace) iframe.srcdoc = html ?? "";
    drawn.current = html;
  }, [html]);

  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    const onLoad = () => {
      const doc = iframe.contentDocument;
      if (!doc) return;
      iframe.contentWindow?.scrollTo(0, scrollY.current);
      doc.addEventListener("scroll", () => (scrollY.current = iframe.contentWindow?.scrollY ?? 0), { passive: true });
      doc.addEventListener("click", (event) => {
        const link = (event.target as Element | null)?.closest?.("a[href]");
        if (!link) return;
        event.preventDefault();
        const href = link.getAttribute("href") ?? "";
        if (href.startsWith("/") && !href.startsWith("//")) navigate.current(href);
        else if (/^https?:/.test(href)) window.open(href, "_blank", "noopener,noreferrer");
      });
    };
    iframe.addEventListener("load", onLoad);
    return () => iframe.removeEventListener("load", onLoad);
  }, []);

  return (
    <section className="preview" aria-label="Preview">
      <div className="preview-bar">
        <div role="group" aria-label="Preview width">
          {PREVIEW_WIDTHS.map((w) => (
            <button key={w.width} type="button" aria-pressed={width === w.width} onClick={() => setWidth(w.width)}>
              {w.label} {w.width}
            </button>
          ))}
        </div>
        <p className={stale ? "preview-status stale" : "preview-status"} role="status">
          {stale || (html ? "Up to date" : "")}
        </p>
      </div>
      <div className="preview-frame" ref={pane}>
        <iframe ref={frame} title={`Preview of ${title}`} sandbox="allow-same-origin" data-width={width} />
      </div>
    </section>
  );
}

/**
 * Put the new version's title and page into the frame's open document when its head is the same
 * (the stylesheet, the language); false when it is not, and the frame must load it. The page is
 * written as markup into the frame's own document (nothing in it runs: the frame has no scripts),
 * not moved there as nodes of the parsed copy, which WebKitGTK's frame never finished drawing.
 */
function drawInPlace(doc: Document, html: string): boolean {
  const next = new DOMParser().parseFromString(html, "text/html");
  const stylesheet = (d: Document) => d.querySelector('link[rel="stylesheet"]')?.getAttribute("href") ?? null;
  const root = doc.getElementById("root");
  const nextRoot = next.getElementById("root");
  if (!root || !nextRoot || stylesheet(doc) !== stylesheet(next) || doc.documentElement.lang !== next.documentElement.lang) return false;
  doc.title = next.title;
  root.innerHTML = nextRoot.innerHTML;
  return true;
}
