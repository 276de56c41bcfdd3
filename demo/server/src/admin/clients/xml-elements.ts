/** An XML element with its local name (namespace prefix dropped), attributes, children and text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] === "#")
      return String.fromCodePoint(entity[1] === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });

const localName = (qualified: string) => qualified.slice(qualified.indexOf(":") + 1);

const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE[^>]*>|<(\/?)([\w.:-]+)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
const ATTRIBUTE = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * A small, tolerant XML reader for metadata documents: elements, attributes and text only (no DTDs, no
 * namespaces beyond dropping prefixes). Returns the root element, or undefined when the text has none or is
 * not well nested.
 */
export function parseXml(text: string): XmlElement | undefined {
  const root: XmlElement = { name: "#document", attributes: {}, children: [], text: "" };
  const stack = [root];
  for (const match of text.matchAll(TOKEN)) {
    const [, cdata, closing, tagName, attributeText, selfClosing, chars] = match;
    const current = stack[stack.length - 1]!;
    if (cdata !== undefined) current.text += cdata;
    else if (chars !== undefined) current.text += decode(chars);
    else if (tagName !== undefined) {
      const name = localName(tagName);
      if (closing) {
        if (stack.length < 2 || current.name !== name) return undefined;
        stack.pop();
        continue;
      }
      const attributes: Record<string, string> = {};
      for (const [, key, double, single] of (attributeText ?? "").matchAll(ATTRIBUTE))
        attributes[localName(key!)] = decode(double ?? single ?? "");
      const element: XmlElement = { name, attributes, children: [], text: "" };
      current.children.push(element);
      if (!selfClosing) stack.push(element);
    } else if (match[0].startsWith("<") && !match[0].startsWith("<!--") && !match[0].startsWith("<?")) {
      return undefined;
    }
  }
  return stack.length === 1 ? root.children[0] : undefined;
}

/** Every descendant element (depth first) with the given local name. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of element.children) {
    if (child.name === name) found.push(child);
    found.push(...descendants(child, name));
  }
  return found;
}
