import {
  ALERT_TIMEOUT_MS,
  newAlertId,
  withAlert,
  withoutAlert,
  type AlertEntry,
  type AlertVariant,
} from "./alert-list.ts";

/** Alerts of one runtime: newest first, each removed after 8000 ms or when closed. */
export class AlertStore {
  #alerts: AlertEntry[] = [];
  #listeners = new Set<() => void>();
  #timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor(private readonly timeoutMs = ALERT_TIMEOUT_MS) {}

  get alerts(): readonly AlertEntry[] {
    return this.#alerts;
  }

  add(message: string, variant: AlertVariant = "success", description?: string): number {
    const id = newAlertId(this.#alerts);
    this.#set(withAlert(this.#alerts, { id, message, variant, description }));
    this.#timers.set(
      id,
      setTimeout(() => this.remove(id), this.timeoutMs),
    );
    return id;
  }

  remove(id: number): void {
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
    this.#set(withoutAlert(this.#alerts, id));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  snapshot = (): readonly AlertEntry[] => this.#alerts;

  #set(alerts: AlertEntry[]) {
    this.#alerts = alerts;
    for (const listener of this.#listeners) listener();
  }
}
