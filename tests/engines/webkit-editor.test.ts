import { defineEditorSuite } from "./editor-suite.ts";
import { enginePage } from "./site-suite.ts";

defineEditorSuite("webkit", enginePage("webkit"));
