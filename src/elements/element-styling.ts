/**
 * What a host page may style from outside an element's shadow root. define-element.ts gives the
 * mount root its part name; the package's custom-elements.json and README list these.
 */
export const MOUNT_ROOT_PART = "root";

export const ELEMENT_CSS_PARTS: readonly { name: string; description: string }[] = [
  {
    name: MOUNT_ROOT_PART,
    description: "The element's content box inside its shadow root (padding, background, min-height).",
  },
];

/**
 * PatternFly 6 design tokens the element reads. Set on the element itself (`kc-users-admin { … }`): the element
 * declares PatternFly's defaults on `:host`, and a rule of the page for the element wins over them.
 */
export const ELEMENT_CSS_PROPERTIES: readonly { name: string; description: string; default?: string }[] = [
  { name: "--pf-t--global--font--family--body", description: "Body font family (Red Hat Text by default)." },
  { name: "--pf-t--global--font--family--heading", description: "Heading font family (Red Hat Display by default)." },
  { name: "--pf-t--global--font--size--body--default", description: "Body font size." },
  { name: "--pf-t--global--text--color--regular", description: "Regular text colour." },
  { name: "--pf-t--global--background--color--primary--default", description: "Background of tables and cards." },
  { name: "--pf-t--global--color--brand--default", description: "Brand colour of primary buttons and links." },
  { name: "--pf-t--global--color--brand--hover", description: "Brand colour of a hovered primary button or link." },
  { name: "--pf-t--global--border--radius--small", description: "Corner radius of buttons and inputs." },
];
