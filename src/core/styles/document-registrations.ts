/**
 * `@font-face` and `@property` are ignored inside shadow-root sheets, so the build lifts them
 * out of PatternFly's CSS and they are registered here, once per document.
 */
export interface FontFaceRegistration {
  family: string;
  source: string;
  descriptors: Record<string, string>;
}

export interface PropertyRegistration {
  name: string;
  syntax: string;
  inherits: boolean;
  initialValue?: string;
}

const DESCRIPTOR_NAMES: Record<string, keyof FontFaceDescriptors> = {
  "font-style": "style",
  "font-weight": "weight",
  "font-display": "display",
  "font-stretch": "stretch",
  "unicode-range": "unicodeRange",
  "font-feature-settings": "featureSettings",
};

const registeredFonts = new Set<string>();

export function registerFontFaces(faces: FontFaceRegistration[]): void {
  if (typeof FontFace !== "function" || typeof document === "undefined" || !document.fonts) return;
  for (const face of faces) {
    const key = JSON.stringify([face.family, face.descriptors]);
    if (registeredFonts.has(key)) continue;
    registeredFonts.add(key);
    const descriptors: FontFaceDescriptors = {};
    for (const [property, value] of Object.entries(face.descriptors)) {
      const name = DESCRIPTOR_NAMES[property];
      if (name) (descriptors as Record<string, string>)[name] = value;
    }
    document.fonts.add(new FontFace(face.family, face.source, descriptors));
  }
}

export function registerProperties(properties: PropertyRegistration[]): void {
  if (typeof CSS === "undefined" || typeof CSS.registerProperty !== "function") return;
  for (const property of properties) {
    try {
      CSS.registerProperty(property);
    } catch {
      // Already registered on this document (another copy of the bundle, or the host page).
    }
  }
}
