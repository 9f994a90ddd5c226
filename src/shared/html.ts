/** Text for an HTML attribute value or element content in the prerendered <head>: &, ", < and > as entities. */
export const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
