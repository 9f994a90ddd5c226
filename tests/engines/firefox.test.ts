import { defineEditorSuite } from "./editor-suite.ts";
import { defineSiteSuite, enginePage } from "./site-suite.ts";

const page = enginePage("firefox");
defineSiteSuite("firefox", page);
defineEditorSuite("firefox", page);
