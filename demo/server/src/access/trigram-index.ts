import { addId, idCount, idsOf, removeId, type Ids, type IdsByKey } from "./id-sets.ts";

/** The shortest search the trigram index answers; shorter ones match too many values to be worth indexing. */
export const MIN_INDEXED_SEARCH = 3;

function trigrams(value: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + MIN_INDEXED_SEARCH <= value.length; i++) grams.add(value.slice(i, i + MIN_INDEXED_SEARCH));
  return grams;
}

/**
 * Substring search over a changing set of (lower-case value, id) pairs: each value's three-letter pieces point to
 * it, so a search reads the values holding its rarest piece and checks only those.
 */
export class TrigramIndex {
  private readonly idsByValue: IdsByKey = new Map();
  private readonly valuesByGram: IdsByKey = new Map();

  add(value: string, id: string): void {
    if (!this.idsByValue.has(value)) for (const gram of trigrams(value)) addId(this.valuesByGram, gram, value);
    addId(this.idsByValue, value, id);
  }

  remove(value: string, id: string): void {
    if (!removeId(this.idsByValue, value, id) || this.idsByValue.has(value)) return;
    for (const gram of trigrams(value)) removeId(this.valuesByGram, gram, value);
  }

  /** Ids whose value contains `search` (lower case, at least MIN_INDEXED_SEARCH characters). */
  *matching(search: string): Generator<string> {
    let rarest: Ids | undefined;
    for (const gram of trigrams(search)) {
      const values = this.valuesByGram.get(gram);
      if (!values) return;
      if (!rarest || idCount(values) < idCount(rarest)) rarest = values;
    }
    for (const value of idsOf(rarest)) if (value.includes(search)) yield* idsOf(this.idsByValue.get(value));
  }
}
