import { parentPort, workerData } from "node:worker_threads";
import type { ListedFiles } from "../content/site-checks.ts";
import { siteYamlFiles } from "../content/site.ts";
import { fileStamp } from "../shared/files-under.ts";

/** The worker of SiteChecks' listAhead: the site's page files, their problems, and each file's stamp. */
const listed = siteYamlFiles((workerData as { root: string }).root);
parentPort!.postMessage({ ...listed, stamps: listed.files.map(fileStamp) } satisfies ListedFiles);
