// The project's commands run as JavaScript compiled ahead of time, with plain `node`: no
// TypeScript loader at run time (tsx alone costs about a second of start-up and 30 MB).
//
//   node src/cli/launch.mjs --build              compile every command, pre-bundle the dev server's dependencies
//                                                (npm install's `prepare` step)
//   node src/cli/launch.mjs <command> [args…]    run one, e.g. `validate --format json`
//
// esbuild bundles each command's own TypeScript into one file under dist-server/ (git-ignored);
// packages stay imports of node_modules, so the server's bundle needs only the production
// dependencies. A command whose sources changed since the last compile (or whose compile is
// missing) is compiled again first, which takes a fraction of a second.
//
// Plain JavaScript on purpose: this file is what runs before anything is compiled.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OUT = join(ROOT, "dist-server");
const META = join(OUT, "meta.json");
const SELF = fileURLToPath(import.meta.url);

/** Command name → its TypeScript entry point. */
const COMMANDS = {
  validate: "src/cli/validate.ts",
  new: "src/cli/new.ts",
  check: "src/cli/check.ts",
  migrate: "src/cli/migrate.ts",
  enquiries: "src/cli/enquiries.ts",
  staff: "src/cli/staff.ts",
  start: "src/cli/start.ts",
  serve: "src/cli/serve-api.ts",
  build: "src/cli/build.ts",
  dev: "src/cli/dev.ts",
};

/**
 * Worker scripts compiled with the commands: a compiled command's worker pool runs these files
 * (src/build/worker-pool.ts, compiledWorker) instead of their TypeScript under tsx. The command is
 * told where they are by a global set before it is imported, which its child processes do not inherit.
 */
const WORKERS = {
  "check-worker": "src/build/check-worker.ts",
  "prerender-worker": "src/build/prerender-worker.ts",
  "helper-worker": "src/build/helper-worker.ts",
};
const COMPILED_WORKERS = Symbol.for("nexa.compiled-workers");

/**
 * Compiled with the commands and run once after them: writes the page and site validators as
 * code (dist-server/content-validators.cjs, see src/content/precompiled-validators.ts), so a
 * command never compiles the schemas itself. The schema files are inputs, so editing one
 * regenerates it.
 */
const GENERATOR = { name: "generate-content-validators", entry: "tools/codegen/generate-content-validators.ts" };
const SCHEMA_DIR = join(ROOT, "schema");

/**
 * vite.config.ts is compiled as a file of its own (dist-server/vite-config.js), which the build
 * imports only when it bundles. Inside the build command's bundle, its imports of Vite and the
 * React plugin would be loaded at every start (about 0.25 s), also by a rebuild that reuses the
 * bundles and never calls Vite. A static import of it (the editor's bundles) stays in its bundle.
 */
const VITE_CONFIG = { name: "vite-config", entry: "vite.config.ts" };
const viteConfigApart = {
  name: "vite-config-apart",
  setup(build) {
    build.onResolve({ filter: /(^|\/)vite\.config\.ts$/ }, ({ kind }) =>
      kind === "dynamic-import" ? { path: `./${VITE_CONFIG.name}.js`, external: true } : undefined,
    );
  },
};
const PRECOMPILED = join(OUT, "content-validators.cjs");

/**
 * Source files find their neighbours (schema/, src/server/migrations/, the project root) from
 * `import.meta.url`. In a bundle that would be the bundle's own address, so each file's
 * `import.meta.url` is replaced with its source file's address: paths resolve as under tsx.
 */
const sourceUrlPlugin = {
  name: "source-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => ({
      contents: (await readFile(path, "utf8")).replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(path).href)),
      loader: path.endsWith(".tsx") ? "tsx" : "ts",
    }));
  },
};

/** Every schema file, relative to the project root. */
function schemaFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return schemaFiles(full);
    return entry.name.endsWith(".schema.json") ? [relative(ROOT, full)] : [];
  });
}

function readMeta() {
  try {
    return JSON.parse(readFileSync(META, "utf8"));
  } catch {
    return null;
  }
}

function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

/** True unless dist-server/ is newer than every source it was compiled from (and this file). */
function isStale(meta) {
  if (meta === null || meta.root !== ROOT) return true;
  return [relative(ROOT, SELF), ...meta.inputs].some((file) => mtimeOf(join(ROOT, file)) > meta.builtAt);
}

/** Compiles every command. Each file is written beside its place and renamed in, so a process starting meanwhile never reads half a file. */
const ESBUILD_MISSING = "esbuild is missing: run `npm install` (with dev dependencies) to compile the commands.";

async function loadEsbuild() {
  try {
    return await import("esbuild");
  } catch {
    return null;
  }
}

async function compileAll(esbuild) {
  const builtAt = Date.now();
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(
      [...Object.entries(COMMANDS), ...Object.entries(WORKERS), [GENERATOR.name, GENERATOR.entry], [VITE_CONFIG.name, VITE_CONFIG.entry]].map(
        ([name, entry]) => [name, join(ROOT, entry)],
      ),
    ),
    outdir: OUT,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    metafile: true,
    write: false,
    logLevel: "warning",
    plugins: [viteConfigApart, sourceUrlPlugin],
  });
  mkdirSync(OUT, { recursive: true });
  const suffix = `.${process.pid}.tmp`;
  for (const file of result.outputFiles) {
    writeFileSync(file.path + suffix, file.contents);
    renameSync(file.path + suffix, file.path);
  }
  const { writeContentValidators } = await import(pathToFileURL(join(OUT, `${GENERATOR.name}.js`)).href);
  try {
    writeContentValidators(SCHEMA_DIR);
  } catch {
    // A schema that does not compile (a half-edited file) must not stop every command: the
    // commands compile the schemas themselves then, and report the mistake as they always did.
    rmSync(PRECOMPILED, { force: true });
  }
  const inputs = [...Object.keys(result.metafile.inputs).filter((file) => !file.includes("node_modules")), ...schemaFiles(SCHEMA_DIR)];
  writeFileSync(META + suffix, JSON.stringify({ root: ROOT, builtAt, inputs }, null, 1));
  renameSync(META + suffix, META);
}

async function compileOrExit() {
  const esbuild = await loadEsbuild();
  if (esbuild === null) {
    console.error(ESBUILD_MISSING);
    process.exit(1);
  }
  try {
    await compileAll(esbuild);
  } catch (error) {
    // esbuild has already printed each syntax error at its file and line.
    console.error(`Could not compile the commands: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

/**
 * The dev server's dependencies bundled now, so that the first `npm run dev` does not (src/cli/dev.ts).
 * Only a head start: when it fails the install goes on, and the dev server bundles them at its start.
 */
async function prebundleDependencies() {
  try {
    const { prebundleDependencies: prebundle } = await import(pathToFileURL(join(OUT, "dev.js")).href);
    await prebundle();
  } catch (error) {
    console.warn(`Not pre-bundling the dev server's dependencies (npm run dev will): ${error instanceof Error ? error.message : String(error)}`);
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === "--build") {
  // `npm install --omit=dev` runs this too, without esbuild: say so, and leave the install be
  // (a deployment that ships dist-server/ compiled elsewhere needs nothing more).
  if ((await loadEsbuild()) === null) console.warn(`Not compiling the commands: ${ESBUILD_MISSING}`);
  else {
    await compileOrExit();
    await prebundleDependencies();
  }
} else if (command && Object.hasOwn(COMMANDS, command)) {
  if (isStale(readMeta())) await compileOrExit();
  // As if the source itself had been run: argv[1] is the entry's .ts file (scripts compare
  // it with their own import.meta.url to know they are the main module), then its arguments.
  process.argv = [process.argv[0], join(ROOT, COMMANDS[command]), ...args];
  globalThis[COMPILED_WORKERS] = OUT;
  await import(pathToFileURL(join(OUT, `${command}.js`)).href);
} else {
  console.error(`usage: node src/cli/launch.mjs --build | <${Object.keys(COMMANDS).join("|")}> [args…]`);
  process.exit(2);
}
