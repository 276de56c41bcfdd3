/** Java `.properties` text (as `Properties.load(Reader)` reads it) to a map, later keys winning. */
export function parseProperties(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of logicalLines(text)) {
    const [key, value] = splitKeyValue(line);
    entries.set(unescape(key), unescape(value));
  }
  return entries;
}

const WHITESPACE = new Set([" ", "\t", "\f"]);

/** Natural lines joined where a line ends in an odd number of backslashes; comments and blank lines dropped. */
function* logicalLines(text: string): Generator<string> {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  let pending: string | null = null;
  for (const raw of lines) {
    const line = raw.replace(/^[ \t\f]+/, "");
    if (pending === null && (line === "" || line.startsWith("#") || line.startsWith("!"))) continue;
    const trailing = /\\*$/.exec(line)![0].length;
    const continues = trailing % 2 === 1;
    const content = continues ? line.slice(0, -1) : line;
    pending = (pending ?? "") + content;
    if (!continues) {
      yield pending;
      pending = null;
    }
  }
  if (pending !== null) yield pending;
}

/** The key ends at the first unescaped '=', ':' or whitespace; one separator and the whitespace around it are skipped. */
function splitKeyValue(line: string): [string, string] {
  let index = 0;
  while (index < line.length) {
    const char = line[index];
    if (char === "\\") index += 2;
    else if (char === "=" || char === ":" || WHITESPACE.has(char)) break;
    else index++;
  }
  const key = line.slice(0, Math.min(index, line.length));
  let rest = index;
  while (rest < line.length && WHITESPACE.has(line[rest])) rest++;
  if (line[rest] === "=" || line[rest] === ":") rest++;
  while (rest < line.length && WHITESPACE.has(line[rest])) rest++;
  return [key, line.slice(rest)];
}

const ESCAPES: Record<string, string> = { t: "\t", n: "\n", r: "\r", f: "\f" };

function unescape(text: string): string {
  if (!text.includes("\\")) return text;
  let result = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char !== "\\") {
      result += char;
      continue;
    }
    const next = text[++index];
    if (next === undefined) break;
    if (next === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(index + 1, index + 5))) {
      result += String.fromCharCode(parseInt(text.slice(index + 1, index + 5), 16));
      index += 4;
    } else result += ESCAPES[next] ?? next;
  }
  return result;
}
