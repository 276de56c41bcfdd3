import { describe, expect, it } from "vitest";
import { TimeIndex } from "../../demo/server/src/events/time-index.ts";

interface Ev {
  id: string;
  time: number;
  type: string;
}

function indexOf(count: number) {
  const live = new Set<string>();
  const index = new TimeIndex<Ev>(
    (e) => [`type:${e.type}`],
    (e) => live.has(e.id),
  );
  const events: Ev[] = [];
  for (let i = 0; i < count; i++) {
    const e = { id: `e${i}`, time: 1_000 + Math.floor(i / 3), type: i % 4 === 0 ? "LOGIN_ERROR" : "LOGIN" };
    events.push(e);
    live.add(e.id);
    index.add(e);
  }
  return { index, events, live };
}

describe("event time index", () => {
  it("slices pages of a filter it answers alone exactly as walking them", () => {
    const { index } = indexOf(500);
    for (const descending of [true, false])
      for (const keys of [undefined, ["type:LOGIN_ERROR"]])
        for (const [first, max] of [
          [0, 11],
          [37, 20],
          [120, 50],
          [490, 30],
        ] as const) {
          const window = { keys, from: 1_010, to: 1_150, descending, first, max };
          const walked = index.query({ ...window, accept: () => true });
          const sliced = index.query({ ...window, accept: () => true, acceptsAll: true });
          expect(sliced.map((e) => e.id)).toEqual(walked.map((e) => e.id));
        }
  });

  it("walks again while removed records are still listed", () => {
    const { index, events, live } = indexOf(500);
    live.delete(events[499]!.id);
    index.noteRemoval();
    const page = index.query({ descending: true, first: 0, max: 2, accept: () => true, acceptsAll: true });
    expect(page.map((e) => e.id)).toEqual(["e498", "e497"]);
  });
});
