/**
 * Public typings of the elements' start-up failure event. Every element dispatches `kc-error`
 * (bubbling, composed) from itself for each failure while it starts.
 */
import type { KcErrorDetail, StartupStage } from "../core/runtime/startup-error.ts";

export type { KcErrorDetail, StartupStage as KcErrorStage };

declare global {
  interface HTMLElementEventMap {
    "kc-error": CustomEvent<KcErrorDetail>;
  }
}
