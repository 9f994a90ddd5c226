import { defineSiteSuite, enginePage } from "./site-suite.ts";

// The editor's suite is a file of its own (webkit-editor.test.ts): WebKit is the slowest of the
// engines, and two files let the stage's two workers share its work.
defineSiteSuite("webkit", enginePage("webkit"));
