import { defineSiteSuite } from "./site-suite.ts";

defineSiteSuite("webkit");
