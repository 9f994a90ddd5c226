import { workerData } from "node:worker_threads";
import { serveBatches } from "./worker-pool.ts";
import { pageWriter, type PageJob, type PageWriterInput } from "./prerender.ts";

/** A worker of prerender: writes the pages it is sent. */
const writer = await pageWriter(workerData as PageWriterInput);
serveBatches(async (jobs: PageJob[]) => {
  const files: string[][] = [];
  for (const job of jobs) files.push(await writer.page(job));
  return files;
});
