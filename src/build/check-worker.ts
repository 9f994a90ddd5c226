import { workerData } from "node:worker_threads";
import { serveBatches } from "./worker-pool.ts";
import { checkFiles, validatorsOf } from "../content/site.ts";

/** A worker of checkManyInWorkers (check-pool.ts): checks the files it is sent (absolute paths), each on its own. */
const { root } = workerData as { root: string };
const validators = validatorsOf(root);
serveBatches((files: string[]) => checkFiles(root, files, validators));
