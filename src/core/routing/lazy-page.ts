import { createElement, lazy, useState, type ComponentType, type ReactElement } from "react";

/** A screen in its own chunk that can be fetched before it is rendered. */
export interface LazyPage {
  (): ReactElement;
  /** Starts (or joins) the chunk's import. */
  preload(): Promise<unknown>;
}

/**
 * Like React.lazy, but `preload()` starts the import early (with the shell, from the address), and a page
 * whose chunk is already in renders at once instead of suspending: a suspended first screen waits for
 * React's fallback throttle (300 ms) even when its chunk arrives sooner.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(preload);
  function Page() {
    // Chosen once per mount, so a page that started suspended is not remounted when its chunk arrives.
    const [component] = useState<ComponentType>(() => loaded ?? Suspending);
    return createElement(component);
  }
  Page.preload = preload;
  return Page;
}
