/**
 * What the package says about each public element, read from the element definitions without running them:
 * src/elements/element-manifest.ts (which elements exist), each src/elements/<area>.ts (its doc comment and the
 * `defineArea({ … })` call), element-attributes.ts (the base attributes and object properties), element-events.d.ts
 * (the events and their detail types) and element-styling.ts (parts and CSS custom properties). An element whose doc
 * comment says `@internal` stays out of the package.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import {
  BASE_ATTRIBUTES,
  BASE_OBJECT_PROPERTIES,
  type AttributeDefinition,
} from "../../src/elements/element-attributes.ts";
import { ELEMENT_CSS_PARTS, ELEMENT_CSS_PROPERTIES } from "../../src/elements/element-styling.ts";

export interface AttributeMetadata {
  /** Attribute name (`server-url`). */
  name: string;
  /** The property it reflects (`serverUrl`). */
  property: string;
  /** TypeScript type of the property. */
  type: string;
  description: string;
}

export interface PropertyMetadata {
  name: string;
  type: string;
  description: string;
}

export interface EventMetadata {
  /** `kc-user-created`. */
  name: string;
  /** Name of the detail type in the package's declarations (`KcUserEventDetail`). */
  detailType: string;
  description: string;
}

export interface ElementMetadata {
  /** Tag without prefix: `users-admin`. */
  name: string;
  /** `kc-users-admin`. */
  tagName: string;
  /** `KcUsersAdminElement`. */
  className: string;
  /** The built entry file that defines it: `kc-users-admin.js`. */
  entryFile: string;
  description: string;
  attributes: AttributeMetadata[];
  properties: PropertyMetadata[];
  events: EventMetadata[];
  cssParts: readonly { name: string; description: string }[];
  cssProperties: readonly { name: string; description: string }[];
}

export interface PackageMetadata {
  elements: ElementMetadata[];
  /** Declarations of the shared types the elements' typings refer to, as TypeScript source. */
  sharedTypes: string;
}

const ATTRIBUTE_DESCRIPTIONS: Record<string, string> = {
  "server-url": "Base URL of the Keycloak server (`https://id.example.com`, with its path if it has one).",
  realm: "The realm the element manages.",
  "auth-realm": "The realm the administrator signs in to (default `master`).",
  "client-id": "Client the element signs in with when no token is handed to it (default `security-admin-console`).",
  scope: "OIDC scope requested at sign-in; `openid` is always added.",
  locale: "Language of the texts (`en`, `de`, …); the realm's default when absent.",
  theme: "`light`, `dark`, `auto` (follows the system) or `inherit` (follows the page's PatternFly theme class).",
  routing: "`memory` (default for embedded areas), `hash` or `path` (with `base-path`).",
  "base-path": "Path the element's routes live under when `routing` is `path`.",
  "token-provider": "Name of a global function that returns an access token (or a promise of one), for plain HTML.",
};

const PROPERTY_DESCRIPTIONS: Record<string, string> = {
  tokenProvider: "An object with `getAccessToken()` or a function; either may return a promise of the access token.",
  keycloak: "The page's signed-in keycloak-js instance; the element takes its token from it.",
  styles:
    "The host's own CSS for inside the element: a string or constructed CSSStyleSheet(s), adopted after PatternFly's.",
};

/** Public types of object properties where the element's props are wider than what a host should pass. */
const PROPERTY_TYPES: Record<string, string> = { keycloak: "KeycloakLike", styles: "HostStyles" };

const ATTRIBUTE_TYPES: Record<AttributeDefinition["type"], string> = {
  string: "string",
  boolean: "boolean",
  number: "number",
};

function sourceFile(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.ES2022, true);
}

function find<T extends ts.Node>(node: ts.Node, test: (node: ts.Node) => node is T): T | undefined {
  if (test(node)) return node;
  return ts.forEachChild(node, (child) => find(child, test));
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText();
}

/** `ELEMENT_CHUNKS` of element-manifest.ts: tag without prefix → the area file it imports. */
function elementChunks(elementsDir: string): { name: string; file: string }[] {
  const manifest = sourceFile(path.join(elementsDir, "element-manifest.ts"));
  const declaration = find(
    manifest,
    (node): node is ts.VariableDeclaration =>
      ts.isVariableDeclaration(node) && node.name.getText() === "ELEMENT_CHUNKS",
  );
  const literal = declaration?.initializer;
  if (!literal || !ts.isObjectLiteralExpression(literal)) throw new Error("ELEMENT_CHUNKS not found");
  return literal.properties.filter(ts.isPropertyAssignment).map((property) => {
    const importCall = find(
      property.initializer,
      (node): node is ts.CallExpression =>
        ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword,
    );
    const specifier = importCall?.arguments[0];
    if (!specifier || !ts.isStringLiteral(specifier)) throw new Error(`No import for ${property.name.getText()}`);
    return { name: propertyName(property.name), file: path.resolve(elementsDir, specifier.text) };
  });
}

function leadingDoc(file: ts.SourceFile): string {
  const match = /^\s*\/\*\*([\s\S]*?)\*\//.exec(file.text);
  if (!match) return "";
  return match[1]
    .split("\n")
    .map((line) => line.replace(/^\s*\* ?/, ""))
    .join("\n")
    .trim();
}

/** The first paragraph of the element's doc comment, on one line. */
function summary(doc: string): string {
  return (doc.split(/\n\s*\n/)[0] ?? "").replace(/\s*\n\s*/g, " ").trim();
}

/** The object literal passed to `defineArea(…)`, following `export * from` re-exports. */
function defineAreaCall(
  file: string,
  seen = new Set<string>(),
): { argument: ts.ObjectLiteralExpression; doc: string } | undefined {
  if (seen.has(file) || !existsSync(file)) return undefined;
  seen.add(file);
  const source = sourceFile(file);
  const call = find(
    source,
    (node): node is ts.CallExpression =>
      ts.isCallExpression(node) && node.expression.getText() === "defineArea" && node.arguments.length > 0,
  );
  const argument = call?.arguments[0];
  if (argument && ts.isObjectLiteralExpression(argument)) return { argument, doc: leadingDoc(source) };
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
    if (!ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const found = defineAreaCall(path.resolve(path.dirname(file), statement.moduleSpecifier.text), seen);
    if (found) return found;
  }
  return undefined;
}

function literalProperty(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  const property = object.properties.find((p) => ts.isPropertyAssignment(p) && propertyName(p.name) === name);
  return property && ts.isPropertyAssignment(property) ? property.initializer : undefined;
}

/** `attributes` and `properties` of a defineArea({ … }) literal. */
function extraMembers(definition: ts.ObjectLiteralExpression | undefined) {
  const attributes: Record<string, AttributeDefinition> = {};
  const properties: string[] = [];
  const attributeLiteral = definition && literalProperty(definition, "attributes");
  if (attributeLiteral && ts.isObjectLiteralExpression(attributeLiteral)) {
    for (const entry of attributeLiteral.properties) {
      if (!ts.isPropertyAssignment(entry) || !ts.isObjectLiteralExpression(entry.initializer)) continue;
      const prop = literalProperty(entry.initializer, "prop");
      const type = literalProperty(entry.initializer, "type");
      if (!prop || !ts.isStringLiteral(prop) || !type || !ts.isStringLiteral(type)) continue;
      attributes[propertyName(entry.name)] = { prop: prop.text, type: type.text as AttributeDefinition["type"] };
    }
  }
  const propertyLiteral = definition && literalProperty(definition, "properties");
  if (propertyLiteral && ts.isArrayLiteralExpression(propertyLiteral)) {
    for (const item of propertyLiteral.elements) if (ts.isStringLiteral(item)) properties.push(item.text);
  }
  return { attributes, properties };
}

export function classNameOf(tagName: string): string {
  return `${tagName
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")}Element`;
}

/** Reads the typed half: ElementBaseProps' property types, the events, and the declarations they need. */
class TypeSource {
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
  readonly #eventsFile: ts.SourceFile;
  readonly #propsFile: ts.SourceFile;
  readonly #files: ts.SourceFile[];
  readonly #srcDir: string;

  constructor(srcDir: string) {
    this.#srcDir = srcDir;
    const eventsPath = path.join(srcDir, "elements/element-events.d.ts");
    const propsPath = path.join(srcDir, "core/runtime/element-props.ts");
    const stylesPath = path.join(srcDir, "elements/host-styles.ts");
    const keycloakPath = path.join(srcDir, "core/auth/keycloak-like.ts");
    this.program = ts.createProgram([eventsPath, propsPath, stylesPath, keycloakPath], {
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
      skipLibCheck: true,
      types: [],
    });
    this.checker = this.program.getTypeChecker();
    this.#eventsFile = this.program.getSourceFile(eventsPath)!;
    this.#propsFile = this.program.getSourceFile(propsPath)!;
    this.#files = [eventsPath, propsPath, stylesPath, keycloakPath].map((file) => this.program.getSourceFile(file)!);
  }

  #interface(file: ts.SourceFile, name: string): ts.InterfaceDeclaration | undefined {
    return file.statements.find(
      (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name,
    );
  }

  #doc(node: ts.Node): string {
    const symbol =
      (node as ts.NamedDeclaration).name && this.checker.getSymbolAtLocation((node as ts.NamedDeclaration).name!);
    return symbol
      ? ts.displayPartsToString(symbol.getDocumentationComment(this.checker)).replace(/\s*\n\s*/g, " ")
      : "";
  }

  /** ElementBaseProps' member → its declared type as written (`ThemeName`, `string`). */
  propTypes(): Map<string, string> {
    const props = this.#interface(this.#propsFile, "ElementBaseProps");
    const types = new Map<string, string>();
    for (const member of props?.members ?? []) {
      if (ts.isPropertySignature(member) && member.type) types.set(propertyName(member.name), member.type.getText());
    }
    return types;
  }

  #eventMembers(members: readonly ts.TypeElement[]): EventMetadata[] {
    return members.filter(ts.isPropertySignature).map((member) => ({
      name: propertyName(member.name),
      detailType: member.type?.getText() ?? "unknown",
      description: this.#doc(member),
    }));
  }

  baseEvents(): EventMetadata[] {
    return this.#eventMembers(this.#interface(this.#eventsFile, "KcBaseEvents")?.members ?? []);
  }

  /** `KcElementEvents[name]`'s members. */
  elementEvents(name: string): EventMetadata[] {
    const map = this.#interface(this.#eventsFile, "KcElementEvents");
    const entry = map?.members.find((m) => ts.isPropertySignature(m) && propertyName(m.name) === name);
    if (!entry || !ts.isPropertySignature(entry) || !entry.type || !ts.isTypeLiteralNode(entry.type)) return [];
    return this.#eventMembers(entry.type.members);
  }

  /**
   * TypeScript source declaring `names` and every type they refer to that our sources declare, each exported under
   * the name the public typings use (element-events.d.ts' re-export aliases included).
   */
  declarations(names: Iterable<string>): string {
    const out: string[] = [];
    const emitted = new Set<string>();
    const queue = [...names].map((name) => ({ name, from: this.#eventsFile as ts.SourceFile }));
    const locate = (name: string, from: ts.SourceFile) => {
      const symbols = this.checker.getSymbolsInScope(from, ts.SymbolFlags.Type | ts.SymbolFlags.Alias);
      let symbol = symbols.find((s) => s.name === name);
      if (!symbol) {
        for (const file of this.#files) {
          symbol = this.checker
            .getSymbolsInScope(file, ts.SymbolFlags.Type | ts.SymbolFlags.Alias)
            .find((s) => s.name === name);
          if (symbol) break;
        }
      }
      if (!symbol) {
        const moduleSymbol = this.checker.getSymbolAtLocation(this.#eventsFile);
        symbol = moduleSymbol && this.checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name);
      }
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
      return symbol?.declarations?.[0];
    };
    while (queue.length) {
      const { name, from } = queue.shift()!;
      if (emitted.has(name)) continue;
      const declaration = locate(name, from);
      if (!declaration || !declaration.getSourceFile().fileName.startsWith(this.#srcDir)) continue;
      emitted.add(name);
      if (!ts.isInterfaceDeclaration(declaration) && !ts.isTypeAliasDeclaration(declaration)) continue;
      const file = declaration.getSourceFile();
      const original = declaration.name.text;
      if (original !== name) {
        out.push(`export type ${name} = ${original};`);
        queue.push({ name: original, from: file });
        continue;
      }
      const docRange = ts.getLeadingCommentRanges(file.text, declaration.getFullStart())?.at(-1);
      const doc = docRange ? `${file.text.slice(docRange.pos, docRange.end)}\n` : "";
      const text = declaration.getText().replace(/^export\s+/, "");
      out.push(`${doc}export ${text}`);
      const visit = (node: ts.Node) => {
        if (ts.isTypeReferenceNode(node)) queue.push({ name: node.typeName.getText(), from: file });
        ts.forEachChild(node, visit);
      };
      visit(declaration);
    }
    return out.join("\n\n");
  }
}

export function readElementMetadata(root: string): PackageMetadata {
  const srcDir = path.join(root, "src");
  const elementsDir = path.join(srcDir, "elements");
  const types = new TypeSource(srcDir);
  const propTypes = types.propTypes();
  const baseEvents = types.baseEvents();
  const typeNames = new Set<string>(["TokenProviderInput", "KeycloakLike", "HostStyles", "KcErrorStage"]);
  const elements: ElementMetadata[] = [];
  for (const chunk of elementChunks(elementsDir)) {
    const doc = leadingDoc(sourceFile(chunk.file));
    if (/@internal\b/.test(doc)) continue;
    const definition = defineAreaCall(chunk.file);
    const extra = extraMembers(definition?.argument);
    // An entry file that only re-exports describes itself; the element's own doc is where defineArea is called.
    const elementDoc = doc.startsWith("`<") || !definition ? doc : definition.doc;
    const attributes = Object.entries({ ...BASE_ATTRIBUTES, ...extra.attributes }).map(([name, { prop, type }]) => ({
      name,
      property: prop,
      type: propTypes.get(prop) ?? ATTRIBUTE_TYPES[type],
      description: ATTRIBUTE_DESCRIPTIONS[name] ?? "",
    }));
    const properties = [...BASE_OBJECT_PROPERTIES, ...extra.properties, "styles"].map((name) => ({
      name,
      type: PROPERTY_TYPES[name] ?? propTypes.get(name) ?? "unknown",
      description: PROPERTY_DESCRIPTIONS[name] ?? "",
    }));
    const events = [...types.elementEvents(chunk.name), ...baseEvents];
    for (const member of [...attributes, ...properties]) if (/^[A-Z]\w*$/.test(member.type)) typeNames.add(member.type);
    for (const event of events) typeNames.add(event.detailType);
    const tagName = `kc-${chunk.name}`;
    elements.push({
      name: chunk.name,
      tagName,
      className: classNameOf(tagName),
      entryFile: `kc-${path.basename(chunk.file, ".ts")}.js`,
      description: summary(elementDoc).replace(/^`<[^>]+>`:\s*/, ""),
      attributes,
      properties,
      events,
      cssParts: ELEMENT_CSS_PARTS,
      cssProperties: ELEMENT_CSS_PROPERTIES,
    });
  }
  return { elements, sharedTypes: types.declarations(typeNames) };
}
