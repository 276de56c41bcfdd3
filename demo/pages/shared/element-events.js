/** The `kc-…` events the elements announce (bubbling and composed, details in `detail`). */
export const ELEMENT_EVENTS = [
  "kc-ready",
  "kc-error",
  "kc-navigate",
  "kc-user-created",
  "kc-user-updated",
  "kc-user-deleted",
  "kc-group-created",
  "kc-group-deleted",
  "kc-role-created",
  "kc-client-created",
  "kc-realm-created",
  "kc-sign-out",
];

/** Calls `onEvent(event)` for every known `kc-…` event reaching `target`. */
export function listenToElementEvents(target, onEvent) {
  for (const name of ELEMENT_EVENTS) target.addEventListener(name, onEvent);
  return () => {
    for (const name of ELEMENT_EVENTS) target.removeEventListener(name, onEvent);
  };
}
