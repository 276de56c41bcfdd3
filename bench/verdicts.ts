/** Targets the bench checked, so that `npm run bench` can end non-zero when one is missed. */
const missed: string[] = [];

/** Records one target's verdict; returns PASS or FAIL for the line. */
export function verdict(label: string, pass: boolean): "PASS" | "FAIL" {
  if (!pass) missed.push(label);
  return pass ? "PASS" : "FAIL";
}

export const missedTargets = (): readonly string[] => missed;
