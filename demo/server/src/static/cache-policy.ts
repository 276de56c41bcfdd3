/** Content-hashed files never change under their name: a year, without revalidation. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (the loader, element entries, pages): kept, but revalidated on each use (ETag, 304). */
export const REVALIDATE = "no-cache";

/** The build's hashed names (vite.config.ts): chunks/[name]-[hash].js, assets/[name]-[hash][ext], console/[name]-[hash].js. */
const HASHED_BUILD_FILE = /^(chunks|assets|console)\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;

export const buildFileCacheControl = (relative: string) => (HASHED_BUILD_FILE.test(relative) ? IMMUTABLE : REVALIDATE);
