import type { Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { basicSetup } from "codemirror";

/**
 * CodeMirror's styles under the editor's CSP: mounted in the document, CodeMirror writes them
 * into a <style> element, which applies only with the nonce the server gave this page (in the
 * <meta property="csp-nonce"> Vite writes; the browser hides the attribute, the property keeps it).
 */
function styleNonce(): Extension {
  const nonce = document.querySelector<HTMLMetaElement>("meta[property=csp-nonce]")?.nonce;
  return nonce ? EditorView.cspNonce.of(nonce) : [];
}

/**
 * What every CodeMirror view of the editor starts from: the basic set-up under the page's CSP,
 * with two repairs for WCAG 2.2 AA: the text area is in the tab order as a focusable element
 * (axe counts a contenteditable without tabindex as nothing to focus, so the scrolling area
 * around it as unreachable), and the close buttons of the panels (search, problems) are at
 * least 24 pixels square (target size). A problem's one-click fix is a button in its tooltip; in
 * the problems panel it is taken by its access key alone, as a button inside the panel's list
 * option is a control inside a control that a screen reader cannot reach (axe: nested-interactive).
 */
export function editorSetup(): Extension {
  return [
    styleNonce(),
    basicSetup,
    EditorView.contentAttributes.of({ tabindex: "0" }),
    EditorView.theme({ ".cm-panel [name=close]": { minWidth: "24px", minHeight: "24px" }, ".cm-panel-lint .cm-diagnosticAction": { display: "none" } }),
  ];
}
