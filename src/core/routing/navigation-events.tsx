import { useEffect } from "react";
import { useLocation } from "react-router";

/** Announces every in-element navigation with `kc-navigate` (detail: path). */
export function NavigationAnnouncer({ emit }: { emit(name: string, detail?: unknown): void }) {
  const { pathname, search } = useLocation();
  useEffect(() => emit("navigate", { path: `${pathname}${search}` }), [emit, pathname, search]);
  return null;
}
