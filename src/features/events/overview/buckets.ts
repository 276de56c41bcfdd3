/** Events counted per time bucket (hour or day) and type, for the overview chart and its table. */
export interface EventBuckets {
  unit: "hour" | "day";
  /** Bucket start times (epoch ms), oldest first. */
  starts: number[];
  types: string[];
  /** counts[type][bucket index] */
  counts: Record<string, number[]>;
  total: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Hours when the events span at most two days, days otherwise; each type's count per bucket. */
export function bucketEvents(events: { time?: number; type?: string }[]): EventBuckets {
  const times = events.map((e) => e.time ?? 0).filter((t) => t > 0);
  if (times.length === 0) return { unit: "hour", starts: [], types: [], counts: {}, total: 0 };
  const min = Math.min(...times);
  const max = Math.max(...times);
  const unit = max - min > 2 * DAY ? "day" : "hour";
  const size = unit === "day" ? DAY : HOUR;
  const floor = (time: number) => {
    if (unit === "hour") return Math.floor(time / HOUR) * HOUR;
    const date = new Date(time);
    return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  };
  const starts: number[] = [];
  for (let start = floor(min); start <= max; start = floor(start + size + HOUR)) starts.push(start);
  const index = new Map(starts.map((start, i) => [start, i]));
  const counts: Record<string, number[]> = {};
  for (const event of events) {
    if (!event.time || !event.type) continue;
    const row = (counts[event.type] ??= starts.map(() => 0));
    row[index.get(floor(event.time))!]! += 1;
  }
  const types = Object.keys(counts).sort(
    (a, b) => counts[b]!.reduce((x, y) => x + y, 0) - counts[a]!.reduce((x, y) => x + y, 0),
  );
  return { unit, starts, types, counts, total: times.length };
}
