import type { IdentityProvider } from "./queries.ts";

const orderOf = (provider: IdentityProvider) => {
  const order = Number.parseInt((provider.config as Record<string, string> | undefined)?.guiOrder ?? "", 10);
  return Number.isFinite(order) ? order : Number.MAX_SAFE_INTEGER;
};

/** The login page's order: config.guiOrder, then display name or alias. */
export function byDisplayOrder(providers: IdentityProvider[]): IdentityProvider[] {
  const label = (p: IdentityProvider) => p.displayName || p.alias || "";
  return [...providers].sort((a, b) => orderOf(a) - orderOf(b) || label(a).localeCompare(label(b)));
}

/** Moves the item at `from` to `to`. */
export function moved<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The providers whose guiOrder changes when the list is saved in this order. */
export function reordered(providers: IdentityProvider[]): IdentityProvider[] {
  return providers
    .map((provider, index) => ({ provider, guiOrder: String(index) }))
    .filter(({ provider, guiOrder }) => (provider.config as Record<string, string> | undefined)?.guiOrder !== guiOrder)
    .map(({ provider, guiOrder }) => ({ ...provider, config: { ...provider.config, guiOrder } }));
}

/** Providers the order dialog reads per request. */
export const DISPLAY_ORDER_PAGE = 100;
/** Most providers the dialog orders; past it, it says the rest keep their order. */
export const DISPLAY_ORDER_LIMIT = 1000;

/**
 * Every provider to order, read page by page (never the whole collection in one call) up to the limit, in the login
 * page's order; `complete` is false when the realm has more than the limit.
 */
export async function readProvidersToOrder(
  fetchPage: (first: number, max: number) => Promise<IdentityProvider[]>,
): Promise<{ providers: IdentityProvider[]; complete: boolean }> {
  const providers: IdentityProvider[] = [];
  while (providers.length < DISPLAY_ORDER_LIMIT) {
    const page = await fetchPage(
      providers.length,
      Math.min(DISPLAY_ORDER_PAGE, DISPLAY_ORDER_LIMIT - providers.length),
    );
    providers.push(...page);
    if (page.length < DISPLAY_ORDER_PAGE) return { providers: byDisplayOrder(providers), complete: true };
  }
  const beyond = await fetchPage(providers.length, 1);
  return { providers: byDisplayOrder(providers), complete: beyond.length === 0 };
}
