import { defineSiteSuite, enginePage } from "./site-suite.ts";

// The editor's suite is not run here: Chromium walks the whole editor (tests/e2e-editor).
defineSiteSuite("chromium", enginePage("chromium"));
