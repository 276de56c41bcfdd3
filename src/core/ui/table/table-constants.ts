/** Spec §9: rows per page, and the choices the pagination offers. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

/** Spec §9: chips shown before the overflow chip. */
export const CHIP_GROUP_LIMIT = 3;
