export type AlertVariant = "success" | "danger" | "warning" | "info" | "custom";

export interface AlertEntry {
  /** Random number from 0 to 999. */
  id: number;
  message: string;
  variant: AlertVariant;
  description?: string;
}

export const ALERT_TIMEOUT_MS = 8000;
export const ALERT_ID_RANGE = 1000;

/** A random id from 0 to 999 not already used by a shown alert. */
export function newAlertId(taken: readonly AlertEntry[], random: () => number = Math.random): number {
  const used = new Set(taken.map((alert) => alert.id));
  for (let attempt = 0; attempt < ALERT_ID_RANGE; attempt++) {
    const id = Math.floor(random() * ALERT_ID_RANGE);
    if (!used.has(id)) return id;
  }
  return Math.floor(random() * ALERT_ID_RANGE);
}

/** New alerts go to the front. */
export const withAlert = (alerts: readonly AlertEntry[], alert: AlertEntry): AlertEntry[] => [alert, ...alerts];

export const withoutAlert = (alerts: readonly AlertEntry[], id: number): AlertEntry[] =>
  alerts.filter((alert) => alert.id !== id);
