import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * React hooks rules are not enforced, but sources may carry `react-hooks/…` disable comments;
 * this stub keeps those comments valid.
 */
const reactHooksStub = {
  rules: { "exhaustive-deps": { create: () => ({}) }, "rules-of-hooks": { create: () => ({}) } },
};

const FEATURE_AREAS = [
  "dashboard",
  "realms",
  "users",
  "groups",
  "roles",
  "organizations",
  "clients",
  "client-scopes",
  "authentication",
  "identity-providers",
  "user-federation",
  "sessions",
  "events",
  "realm-settings",
  "permissions",
  "page-sections",
  "shell",
];

/**
 * A feature may not import another feature: areas meet only through the console and route references.
 * The console shell (src/features/shell) is the app layer that composes areas, so it is exempt.
 */
const featureIsolation = FEATURE_AREAS.filter((area) => area !== "shell").flatMap((area) =>
  // One entry per folder depth inside the area: a relative import must climb exactly out of the area to reach another one,
  // so an area's own sub-folder named like another area (clients/roles) is not mistaken for it.
  [0, 1, 2, 3, 4].map((depth) => ({
    files: [`src/features/${area}/${"*/".repeat(depth)}*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1}}(features/)?(?!${area}/)(${FEATURE_AREAS.join("|")})(/|$)|^(\\.\\./){${depth + 2},}features/(?!${area}/)`,
              message: "A feature must not import another feature; go through src/core or a route reference.",
            },
            {
              regex: `(^|/)src/features/(?!${area}/)`,
              message: "A feature must not import another feature; go through src/core or a route reference.",
            },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      ".tmp/**",
      "node_modules/**",
      "test-results/**",
      ".data/**",
      ".cache/**",
      "bench/upstream-console/dist/**",
      // Each host app under demo/hosts is its own project, checked by its own build (tsc, vue-tsc, ng build).
      "demo/hosts/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { linterOptions: { reportUnusedDisableDirectives: "off" } },
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooksStub },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["*.{js,mjs,ts}", "scripts/**", "build/**", "demo/server/**", "tests/server/**", "tests/e2e/**", "bench/**"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["src/core/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "(^|/)features/", message: "src/core must not depend on src/features." }] },
      ],
    },
  },
  ...featureIsolation,
);
