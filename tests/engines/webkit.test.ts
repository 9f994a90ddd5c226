import { defineSiteSuite, enginePage } from "./site-suite.ts";

// The editor's check in WebKit is a file of its own (webkit-editor.test.ts): this file is the
// stage's longest, so the check runs beside it, on the worker the shorter files free.
defineSiteSuite("webkit", enginePage("webkit"));
