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
  private readonly idsByValue = new Map<string, Set<string>>();
  private readonly valuesByGram = new Map<string, Set<string>>();

  add(value: string, id: string): void {
    let ids = this.idsByValue.get(value);
    if (!ids) {
      this.idsByValue.set(value, (ids = new Set()));
      for (const gram of trigrams(value)) {
        let values = this.valuesByGram.get(gram);
        if (!values) this.valuesByGram.set(gram, (values = new Set()));
        values.add(value);
      }
    }
    ids.add(id);
  }

  remove(value: string, id: string): void {
    const ids = this.idsByValue.get(value);
    if (!ids?.delete(id) || ids.size > 0) return;
    this.idsByValue.delete(value);
    for (const gram of trigrams(value)) {
      const values = this.valuesByGram.get(gram);
      values?.delete(value);
      if (values?.size === 0) this.valuesByGram.delete(gram);
    }
  }

  /** Ids whose value contains `search` (lower case, at least MIN_INDEXED_SEARCH characters). */
  *matching(search: string): Generator<string> {
    let rarest: Set<string> | undefined;
    for (const gram of trigrams(search)) {
      const values = this.valuesByGram.get(gram);
      if (!values) return;
      if (!rarest || values.size < rarest.size) rarest = values;
    }
    for (const value of rarest ?? []) if (value.includes(search)) yield* this.idsByValue.get(value)!;
  }
}
