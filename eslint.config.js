// ESLint (flat config), run by `npm run lint` and by `npm test` right after the typecheck.
// Rules: the recommended sets of ESLint, typescript-eslint, react-hooks and jsx-a11y, the
// direction of imports between the programs (README, "The layout"), no import circles, and the
// sorted-keys promise of the block registry. Warnings fail the run (`--max-warnings=0`), so a
// rule is either worth fixing or not listed here.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Which program may import which (README, "The layout"): `shared` is the contract everyone
 * imports and it imports nobody; `content` is the pipeline; `build` turns content into dist/
 * and may import the app to render it; `app` is the browser and sees only `shared`; `admin` is
 * the editor's browser side; `server`
 * sees `shared` and `content` (the editor checks pages); nothing imports `cli` or `tools`.
 */
const PROGRAMS = ["shared", "content", "build", "app", "admin", "server", "cli"];
const MAY_IMPORT = {
  shared: [],
  content: ["shared"],
  app: ["shared"],
  // The editor's browser side: it shares the YAML editing and the API's types with the server.
  admin: ["shared", "content", "server"],
  build: ["shared", "content", "app"],
  server: ["shared", "content", "build"],
  cli: ["shared", "content", "build", "server", "app"],
};
const zones = PROGRAMS.flatMap((program) => [
  ...PROGRAMS.filter((other) => other !== program && !MAY_IMPORT[program].includes(other)).map((other) => ({
    target: `./src/${program}`,
    from: `./src/${other}`,
    message: `src/${program} may import only ${["itself", ...MAY_IMPORT[program].map((p) => `src/${p}`)].join(", ")}.`,
  })),
  { target: `./src/${program}`, from: "./tools", message: "Nothing in src/ imports tools/." },
]);
const REACT_ONLY_IN_APP = {
  paths: ["react", "react-dom", "react-dom/client", "react-dom/server", "wouter"].map((name) => ({
    name,
    message: "React belongs to the browser programs (src/app, src/admin) alone.",
  })),
};

export default tseslint.config(
  {
    // Generated code, build output and third-party output: not ours to lint.
    ignores: [
      "src/shared/generated/**",
      "dist/**",
      ".builds/**",
      "dist-server/**",
      ".cache/**",
      ".tmp/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "node_modules/**",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["**/*.tsx"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    rules: {
      // `_name` marks a parameter or binding that must exist but is deliberately unused.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },
  {
    // Expected-output patterns copy the `file:line:col  message` format, two spaces and all, like
    // the plain-string expectations beside them; ` {2}` would make the two kinds read differently.
    files: ["tests/**"],
    rules: { "no-regex-spaces": "off" },
  },
  {
    files: ["src/**/*.{ts,tsx,mjs}", "tools/**/*.{ts,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
      // Without these, import-x cannot parse the TypeScript files an import leads to, sees no
      // imports in them, and no-cycle passes every circle.
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".cts", ".mts"] },
      "import-x/extensions": [".ts", ".tsx", ".mts", ".js", ".mjs"],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["src/{shared,content,build,server,cli}/**/*.{ts,mjs}"],
    rules: { "no-restricted-imports": ["error", REACT_ONLY_IN_APP] },
  },
  {
    // DESIGN.md: "one line in the registry (keys sorted)".
    files: ["src/app/blocks/registry.ts"],
    rules: { "sort-keys": ["error", "asc", { natural: true }] },
  },
);
