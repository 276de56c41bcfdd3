export type TimeUnit = "second" | "minute" | "hour" | "day";

export const SECONDS_PER_UNIT: Record<TimeUnit, number> = { second: 1, minute: 60, hour: 3600, day: 86400 };

export const ALL_TIME_UNITS: TimeUnit[] = ["second", "minute", "hour", "day"];

/** Splits seconds into an amount of the largest allowed unit that divides it exactly. */
export function splitSeconds(seconds: number, units: TimeUnit[] = ALL_TIME_UNITS): { amount: number; unit: TimeUnit } {
  const largestFirst = [...units].sort((a, b) => SECONDS_PER_UNIT[b] - SECONDS_PER_UNIT[a]);
  const unit =
    largestFirst.find((candidate) => seconds !== 0 && seconds % SECONDS_PER_UNIT[candidate] === 0) ??
    largestFirst[largestFirst.length - 1];
  return { amount: seconds / SECONDS_PER_UNIT[unit], unit };
}
