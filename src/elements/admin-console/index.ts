// Placeholder until the element wrapper (src/elements/define-element.ts) lands.
export {};
