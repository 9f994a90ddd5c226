// ESLint (flat config), run by `npm run lint` and by `npm test` right after the typecheck.
// Rules: the recommended sets of ESLint, typescript-eslint, react-hooks and jsx-a11y, plus the
// sorted-keys promise of the block registry. Warnings fail the run (`--max-warnings=0`), so a
// rule is either worth fixing or not listed here.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    // Generated code, build output and third-party output: not ours to lint.
    ignores: [
      "src/generated/**",
      "dist/**",
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
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Expected-output patterns copy the `file:line:col  message` format, two spaces and all, like
    // the plain-string expectations beside them; ` {2}` would make the two kinds read differently.
    files: ["tests/**"],
    rules: { "no-regex-spaces": "off" },
  },
  {
    // DESIGN.md: "one line in the registry (keys sorted)".
    files: ["src/blocks/registry.ts"],
    rules: { "sort-keys": ["error", "asc", { natural: true }] },
  },
);
