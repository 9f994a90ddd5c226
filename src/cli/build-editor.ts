// `npm run build:editor`: the editor's browser side and preview renderer, built with Vite into
// .cache/editor/ when older than the sources (src/cli/editor-bundles.ts). `npm start` runs it
// before starting a server with the editor on; the server itself only serves the files.
import { fileURLToPath } from "node:url";
import { editorBundles } from "./editor-bundles.ts";

const codeRoot = fileURLToPath(new URL("../..", import.meta.url));
try {
  await editorBundles(codeRoot, (line) => console.log(line));
} catch (error) {
  console.error(`The editor's bundles could not be built: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
