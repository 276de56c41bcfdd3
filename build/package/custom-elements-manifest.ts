/**
 * custom-elements.json (Custom Elements Manifest, schema 2.1.0) from the element metadata: one module per element
 * entry, with its class (attributes, fields, events, parts, CSS custom properties) and its tag definition, plus the
 * loader and the entry that defines every element.
 */
import type { ElementMetadata, PackageMetadata } from "./element-metadata.ts";

export const MANIFEST_SCHEMA_VERSION = "2.1.0";

function elementModule(element: ElementMetadata) {
  const declaration = { name: element.className, module: element.entryFile };
  return {
    kind: "javascript-module",
    path: element.entryFile,
    description: `Defines <${element.tagName}> when imported.`,
    declarations: [
      {
        kind: "class",
        name: element.className,
        customElement: true,
        tagName: element.tagName,
        description: element.description,
        superclass: { name: "HTMLElement" },
        attributes: element.attributes.map((a) => ({
          name: a.name,
          type: { text: a.type },
          description: a.description,
          fieldName: a.property,
        })),
        members: [
          ...element.attributes.map((a) => ({
            kind: "field",
            name: a.property,
            type: { text: `${a.type} | undefined` },
            description: a.description,
            attribute: a.name,
            reflects: true,
          })),
          ...element.properties.map((p) => ({
            kind: "field",
            name: p.name,
            type: { text: p.type },
            description: p.description,
          })),
        ],
        events: element.events.map((e) => ({
          name: e.name,
          type: { text: `CustomEvent<${e.detailType}>` },
          description: e.description,
        })),
        cssParts: element.cssParts.map((p) => ({ name: p.name, description: p.description })),
        cssProperties: element.cssProperties.map((p) => ({ name: p.name, description: p.description })),
      },
      {
        kind: "function",
        name: "define",
        description: `Defines <\${prefix}-${element.name}> (default prefix kc) and returns the tag.`,
        parameters: [{ name: "prefix", optional: true, type: { text: "string" } }],
        return: { type: { text: "string" } },
      },
    ],
    exports: [
      { kind: "custom-element-definition", name: element.tagName, declaration },
      { kind: "js", name: element.className, declaration },
      { kind: "js", name: "define", declaration: { name: "define", module: element.entryFile } },
    ],
  };
}

export function customElementsManifest(metadata: PackageMetadata) {
  return {
    schemaVersion: MANIFEST_SCHEMA_VERSION,
    readme: "README.md",
    modules: [
      {
        kind: "javascript-module",
        path: "loader.js",
        description: "Watches the page for the elements' tags and loads each element's code on first use.",
        declarations: [
          {
            kind: "function",
            name: "define",
            description: "Watches the document for <prefix-…> elements (kc is watched from the start).",
            parameters: [{ name: "prefix", optional: true, type: { text: "string" } }],
          },
          {
            kind: "function",
            name: "load",
            description: "Loads the code behind a tag and defines the element.",
            parameters: [{ name: "tag", type: { text: "string" } }],
            return: { type: { text: "Promise<void>" } },
          },
        ],
        exports: ["define", "load"].map((name) => ({
          kind: "js",
          name,
          declaration: { name, module: "loader.js" },
        })),
      },
      ...metadata.elements.map(elementModule),
      {
        kind: "javascript-module",
        path: "all.js",
        description: "Defines every element when imported.",
        exports: metadata.elements.map((e) => ({
          kind: "custom-element-definition",
          name: e.tagName,
          declaration: { name: e.className, module: e.entryFile },
        })),
      },
    ],
  };
}
