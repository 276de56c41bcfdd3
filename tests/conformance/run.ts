import { recorder, type Exchange } from "./exchange.ts";
import { SEQUENCES } from "./sequences.ts";

/** Runs one sequence against a server seeded with the demo realm and returns its normalised exchanges. */
export async function runSequence(baseUrl: string, name: string): Promise<Exchange[]> {
  const r = await recorder(baseUrl, "demo");
  await SEQUENCES[name]!(r);
  return r.exchanges;
}
