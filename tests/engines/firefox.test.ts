import { defineSiteSuite } from "./site-suite.ts";

defineSiteSuite("firefox");
