// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { readElementMetadata, type ElementMetadata } from "../../build/package/element-metadata.ts";
import { customElementsManifest } from "../../build/package/custom-elements-manifest.ts";
import { elementsDeclarations, reactDeclarations } from "../../build/package/type-declarations.ts";
import { REFERENCE_END, REFERENCE_START } from "../../build/package/embedder-guide.ts";
import { ELEMENT_CHUNKS } from "../../src/elements/element-manifest.ts";
import { PACKAGE_NAME, packageJson } from "../../scripts/build-package.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const metadata = readElementMetadata(root);
const INTERNAL = ["demo-admin", "ui-catalogue"];

describe("the package's element metadata", () => {
  it("lists every element of the loader's manifest except the internal ones", () => {
    const expected = Object.keys(ELEMENT_CHUNKS).filter((name) => !INTERNAL.includes(name));
    expect(metadata.elements.map((e) => e.name).sort()).toEqual(expected.sort());
  });

  it("gives each element the base attributes, object properties and events, and its own events", () => {
    const users = metadata.elements.find((e) => e.name === "users-admin")!;
    expect(users.tagName).toBe("kc-users-admin");
    expect(users.entryFile).toBe("kc-users-admin.js");
    expect(users.attributes.map((a) => a.name)).toEqual(
      expect.arrayContaining(["server-url", "realm", "auth-realm", "client-id", "theme", "token-provider"]),
    );
    expect(users.attributes.find((a) => a.name === "theme")!.type).toBe("ThemeName");
    expect(users.properties.map((p) => p.name)).toEqual(["tokenProvider", "keycloak", "styles"]);
    expect(users.events.map((e) => [e.name, e.detailType])).toEqual([
      ["kc-user-created", "KcUserEventDetail"],
      ["kc-user-updated", "KcUserEventDetail"],
      ["kc-user-deleted", "KcUserEventDetail"],
      ["kc-error", "KcErrorDetail"],
      ["kc-navigate", "KcNavigateDetail"],
    ]);
    for (const element of metadata.elements) {
      expect(element.description, element.name).not.toBe("");
      expect(element.cssParts.map((p) => p.name)).toContain("root");
    }
  });
});

describe("the package's package.json", () => {
  it("is public, versioned as the project, depends on nothing and exports every element with its types", () => {
    const entries = Object.fromEntries(metadata.elements.map((e) => [`./${e.name}`, { default: `./${e.entryFile}` }]));
    const json = packageJson(root, entries) as Record<string, unknown> & { exports: Record<string, unknown> };
    const rootPackage = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
    expect(json.name).toBe(PACKAGE_NAME);
    expect(json.version).toBe(rootPackage.version);
    expect(json.private).toBeUndefined();
    expect(json.dependencies).toBeUndefined();
    expect(json.peerDependencies).toBeUndefined();
    expect(json.customElements).toBe("custom-elements.json");
    for (const element of metadata.elements) expect(json.exports[`./${element.name}`]).toBeDefined();
    expect(Object.keys(json.exports)).toEqual(expect.arrayContaining([".", "./loader", "./all", "./react", "./vue"]));
  });
});

describe("custom-elements.json", () => {
  const manifest = customElementsManifest(metadata);

  it("validates against the Custom Elements Manifest schema", () => {
    const schema = JSON.parse(
      readFileSync(path.join(root, "node_modules/custom-elements-manifest/schema.json"), "utf8"),
    );
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    expect(validate(manifest), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it("defines every element with its attributes, events, parts and CSS properties", () => {
    const definitions = manifest.modules.flatMap((module) =>
      (module.exports ?? []).filter((e) => e.kind === "custom-element-definition").map((e) => e.name),
    );
    for (const element of metadata.elements) {
      expect(definitions).toContain(element.tagName);
      const module = manifest.modules.find((m) => m.path === element.entryFile)!;
      const declaration = module.declarations!.find((d) => d.kind === "class") as {
        tagName: string;
        attributes: unknown[];
        events: { name: string }[];
        cssParts: unknown[];
        cssProperties: unknown[];
      };
      expect(declaration.tagName).toBe(element.tagName);
      expect(declaration.attributes).toHaveLength(element.attributes.length);
      expect(declaration.events.map((e) => e.name)).toEqual(element.events.map((e) => e.name));
      expect(declaration.cssParts.length).toBeGreaterThan(0);
      expect(declaration.cssProperties.length).toBeGreaterThan(0);
    }
  });
});

/** A value of an attribute's type, for the strict host below. */
function sampleValue(type: string): string {
  if (type === "boolean") return "true";
  if (type === "number") return "1";
  const alias = new RegExp(`export type ${type} = ([^;]+);`).exec(metadata.sharedTypes)?.[1];
  return alias ? (/"[^"]*"/.exec(alias)?.[0] ?? '"x"') : '"x"';
}

/** TypeScript that uses every attribute, property and event of every element, through the DOM and through React's JSX. */
function strictHost(elements: ElementMetadata[]): string {
  const lines = [
    'import type { KeycloakLike } from "./types/elements.js";',
    'import "./types/react.js";',
    "declare const keycloak: KeycloakLike;",
    "export const seen: unknown[] = [];",
  ];
  for (const [index, element] of elements.entries()) {
    const v = `element${index}`;
    lines.push(`const ${v} = document.createElement("${element.tagName}");`);
    for (const a of element.attributes) lines.push(`${v}.${a.property} = ${sampleValue(a.type)};`);
    lines.push(`${v}.tokenProvider = { getAccessToken: async () => "token" };`);
    lines.push(`${v}.tokenProvider = () => "token";`);
    lines.push(`${v}.keycloak = keycloak;`);
    lines.push(`${v}.styles = ":host { color: red; }";`);
    for (const e of element.events)
      lines.push(`${v}.addEventListener("${e.name}", (event) => seen.push(event.detail));`);
    const attributes = element.attributes.map((a) => `${a.name}={${sampleValue(a.type)}}`).join(" ");
    const events = element.events.map((e) => `on${e.name}={(event) => seen.push(event.detail)}`).join(" ");
    lines.push(
      `export const jsx${index} = <${element.tagName} ${attributes} keycloak={keycloak} tokenProvider={() => "t"} styles=":host{}" ${events} />;`,
    );
  }
  lines.push(
    'document.createElement("kc-users-admin").addEventListener("kc-user-created", (event) => seen.push(event.detail.username.length));',
  );
  lines.push(
    'document.createElement("kc-users-admin").addEventListener("kc-error", (event) => seen.push(event.detail.stage === "token"));',
  );
  return lines.join("\n");
}

describe("the package's TypeScript declarations", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kc-types-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("compile in a strict host that uses every attribute, property and event, and catch a wrong detail", () => {
    const typesDir = path.join(dir, "types");
    ts.sys.createDirectory(typesDir);
    writeFileSync(path.join(typesDir, "elements.d.ts"), elementsDeclarations(metadata));
    writeFileSync(path.join(typesDir, "react.d.ts"), reactDeclarations(metadata));
    const host = path.join(dir, "host.tsx");
    writeFileSync(host, strictHost(metadata.elements));
    const program = ts.createProgram([host], {
      strict: true,
      noEmit: true,
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
      typeRoots: [path.join(root, "node_modules/@types")],
      types: [],
      skipLibCheck: false,
      baseUrl: root,
      paths: {
        react: [path.join(root, "node_modules/@types/react")],
        "react/*": [path.join(root, "node_modules/@types/react/*")],
      },
    });
    const messages = ts
      .getPreEmitDiagnostics(program)
      .map(
        (d) => `${d.file?.fileName.replace(dir, "") ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      );
    // The one error on purpose: username is optional in the user events' detail.
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/host\.tsx: 'event\.detail\.username' is possibly 'undefined'/);
  }, 60_000);
});

describe("the README's element reference", () => {
  it("names every element, attribute and event (npm run docs:elements rewrites it)", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const reference = readme.slice(readme.indexOf(REFERENCE_START), readme.indexOf(REFERENCE_END));
    for (const element of metadata.elements) {
      expect(reference).toContain(`<${element.tagName}>`);
      for (const attribute of element.attributes) expect(reference).toContain(`\`${attribute.name}\``);
      for (const event of element.events) expect(reference).toContain(`\`${event.name}\``);
    }
  });
});
