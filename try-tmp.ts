import { formatProblem } from "./src/content/format-problems.ts";
import { loadSiteContent } from "./src/content/site.ts";
import { fixtureRoot } from "./tests/unit/fixture-site.ts";
for (const f of process.argv.slice(2)) { const m = fixtureRoot(f); console.log("==", f); for (const p of loadSiteContent(m.root).problems) console.log(formatProblem(p)); m.cleanup(); }
