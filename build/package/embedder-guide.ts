/**
 * The embedder's guide: the repository README's section between the `embedder-guide` markers is the package's
 * README, and its `element-reference` part is written from the element metadata (`npm run docs:elements`).
 */
import type { PackageMetadata } from "./element-metadata.ts";

const GUIDE_START = "<!-- embedder-guide:start -->";
const GUIDE_END = "<!-- embedder-guide:end -->";
export const REFERENCE_START = "<!-- element-reference:start (npm run docs:elements writes this part) -->";
export const REFERENCE_END = "<!-- element-reference:end -->";

export function embedderGuide(readme: string): string {
  const start = readme.indexOf(GUIDE_START);
  const end = readme.indexOf(GUIDE_END);
  if (start < 0 || end < start) throw new Error("README.md has no embedder-guide section");
  const guide = readme
    .slice(start + GUIDE_START.length, end)
    .replace(/^#(#+)/gm, "$1")
    .trim();
  return `# keycloak-admin-elements\n\n${guide}\n`;
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** Markdown tables: the attributes and properties every element has, then each element's events. */
export function elementReference(metadata: PackageMetadata): string {
  const [first] = metadata.elements;
  if (!first) return "";
  const lines: string[] = [
    "Every element has these attributes (each reflected by the camel-cased property) and object properties:",
    "",
    "| attribute | property | type | what |",
    "| --- | --- | --- | --- |",
    ...first.attributes.map(
      (a) => `| \`${a.name}\` | \`${a.property}\` | \`${cell(a.type)}\` | ${cell(a.description)} |`,
    ),
    ...first.properties.map((p) => `| — | \`${p.name}\` | \`${cell(p.type)}\` | ${cell(p.description)} |`),
    "",
    "| element | entry (`import`) | events (`detail` type) |",
    "| --- | --- | --- |",
    ...metadata.elements.map(
      (e) =>
        `| \`<${e.tagName}>\`: ${cell(e.description)} | \`keycloak-admin-elements/${e.name}\` | ${e.events
          .map((event) => `\`${event.name}\` (\`${event.detailType}\`)`)
          .join(", ")} |`,
    ),
    "",
    "| `::part` / CSS custom property | what |",
    "| --- | --- |",
    ...first.cssParts.map((p) => `| \`::part(${p.name})\` | ${cell(p.description)} |`),
    ...first.cssProperties.map((p) => `| \`${p.name}\` | ${cell(p.description)} |`),
    "",
    "The events' `detail` types (exported by every entry):",
    "",
    "```ts",
    metadata.sharedTypes
      .split(/\n\n/)
      .filter((declaration) => /^export (?:interface|type) \w*(?:Detail|Stage)\b/m.test(declaration))
      .join("\n\n"),
    "```",
  ];
  return lines.join("\n");
}

/** The README with its element reference part rewritten. */
export function withElementReference(readme: string, metadata: PackageMetadata): string {
  const start = readme.indexOf(REFERENCE_START);
  const end = readme.indexOf(REFERENCE_END);
  if (start < 0 || end < start) throw new Error("README.md has no element-reference part");
  return `${readme.slice(0, start + REFERENCE_START.length)}\n\n${elementReference(metadata)}\n\n${readme.slice(end)}`;
}
