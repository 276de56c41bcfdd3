/**
 * Entry chunk of `<kc-admin-console>`. The element itself lives in ./admin-console/ (shell):
 * its index.ts calls defineArea({ name: "admin-console", … }) and exports the returned `define`.
 */
export * from "./admin-console/index.ts";
