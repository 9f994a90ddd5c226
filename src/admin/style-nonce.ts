import type { Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";

/**
 * CodeMirror's styles under the editor's CSP: mounted in the document, CodeMirror writes them
 * into a <style> element, which applies only with the nonce the server gave this page (in the
 * <meta property="csp-nonce"> Vite writes; the browser hides the attribute, the property keeps it).
 */
export function styleNonce(): Extension {
  const nonce = document.querySelector<HTMLMetaElement>("meta[property=csp-nonce]")?.nonce;
  return nonce ? EditorView.cspNonce.of(nonce) : [];
}
