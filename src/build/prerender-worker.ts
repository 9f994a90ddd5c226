import { workerData } from "node:worker_threads";
import { serveBatches } from "./worker-pool.ts";
import { drawPages, pageWriter, type PageJob, type PageWriterInput } from "./prerender.ts";

/** A worker of prerender: writes the pages it is sent. */
const writer = await pageWriter(workerData as PageWriterInput);
serveBatches((jobs: PageJob[]) => drawPages(writer, jobs));
