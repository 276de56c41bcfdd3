/** Our own English texts, one bundle per area, merged into the 'translation' namespace. */
export type MessageBundle = Record<string, string>;

const bundles = new Map<string, MessageBundle>();
const listeners = new Set<(area: string, bundle: MessageBundle) => void>();

/** Registers an area's English texts; keys are prefixed with nothing, so keep them unique per area. */
export function registerMessages(area: string, bundle: MessageBundle): void {
  if (bundles.get(area) === bundle) return;
  bundles.set(area, bundle);
  for (const listener of listeners) listener(area, bundle);
}

export function allMessages(): MessageBundle {
  return Object.assign({}, ...bundles.values());
}

export function onMessagesRegistered(listener: (area: string, bundle: MessageBundle) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
