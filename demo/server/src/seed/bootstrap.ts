import type { ServerContext } from "../context.ts";

/**
 * On first start: the master realm with admin/admin, the demo realm, and the
 * scale realm when asked; then every `--import` file. (store-realm helper)
 */
export async function bootstrap(_server: ServerContext): Promise<void> {}
