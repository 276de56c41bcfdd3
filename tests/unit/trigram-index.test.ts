import { describe, expect, it } from "vitest";
import { TrigramIndex } from "../../demo/server/src/access/trigram-index.ts";

const found = (index: TrigramIndex, search: string) => [...index.matching(search)].sort();

describe("TrigramIndex", () => {
  it("finds ids by any piece of their value as ids join and leave a value", () => {
    const index = new TrigramIndex();
    index.add("10.0.1.7", "s1");
    expect(found(index, "0.1.")).toEqual(["s1"]);
    index.add("10.0.1.7", "s2");
    index.add("10.0.1.70", "s3");
    expect(found(index, "0.1.7")).toEqual(["s1", "s2", "s3"]);
    expect(found(index, "1.70")).toEqual(["s3"]);
    index.remove("10.0.1.7", "s1");
    expect(found(index, "0.1.7")).toEqual(["s2", "s3"]);
    index.remove("10.0.1.7", "s2");
    expect(found(index, "0.1.7")).toEqual(["s3"]);
    index.remove("10.0.1.70", "s3");
    expect(found(index, "10.")).toEqual([]);
    index.add("10.0.1.7", "s1");
    expect(found(index, "10.")).toEqual(["s1"]);
  });

  it("ignores the removal of an id that was not filed under the value", () => {
    const index = new TrigramIndex();
    index.add("alice", "u1");
    index.remove("alice", "u2");
    index.remove("bob", "u1");
    expect(found(index, "lic")).toEqual(["u1"]);
    index.add("alice", "u1");
    index.remove("alice", "u1");
    expect(found(index, "lic")).toEqual([]);
  });
});
