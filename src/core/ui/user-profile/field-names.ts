/** react-hook-form reads dots as nesting: attribute names keep their dots encoded with this placeholder. */
export const DOT_PLACEHOLDER = "🍺";

/** Fields that live on UserRepresentation itself; every other attribute lives under `attributes`. */
export const ROOT_ATTRIBUTES = ["username", "firstName", "lastName", "email"] as const;

export const isRootAttribute = (name: string) => (ROOT_ATTRIBUTES as readonly string[]).includes(name);

export const encodeAttributeName = (name: string) => name.replaceAll(".", DOT_PLACEHOLDER);
export const decodeAttributeName = (name: string) => name.replaceAll(DOT_PLACEHOLDER, ".");

/** The react-hook-form path of an attribute: `email` or `attributes.my🍺attribute`. */
export const fieldName = (attribute: string) =>
  isRootAttribute(attribute) ? attribute : `attributes.${encodeAttributeName(attribute)}`;
