import { defineEditorSuite } from "./editor-suite.ts";
import { defineSiteSuite, enginePage } from "./site-suite.ts";

const page = enginePage("webkit");
defineSiteSuite("webkit", page);
defineEditorSuite("webkit", page);
