import r2wc from "@r2wc/react-to-web-component";
import { createElement, type ComponentType } from "react";
import "../core/styles/patternfly-base.ts";
import type { ElementBaseProps } from "../core/runtime/element-props.ts";
import { adoptStyles, releaseStyles } from "../core/styles/sheet-registry.ts";
import { DARK_THEME_CLASS, DARK_THEME_STATE, parseTheme, watchTheme } from "../core/styles/theme.ts";
import { OverlayRootProvider } from "../core/ui/overlays/overlay-root.tsx";
import {
  BASE_ATTRIBUTES,
  BASE_OBJECT_PROPERTIES,
  attributeValueOf,
  parseAttribute,
  type AttributeDefinition,
} from "./element-attributes.ts";
import { toSheets, type HostStyles } from "./host-styles.ts";
import { requestedPrefixes } from "./element-prefixes.ts";
import { MOUNT_ROOT_PART } from "./element-styling.ts";

export const DEFAULT_PREFIX = "kc";
export const MOUNT_ROOT_CLASS = "kc-element-root";

export interface AreaElementDefinition<Props extends ElementBaseProps = ElementBaseProps> {
  /** Tag without its prefix: `users-admin` becomes `<kc-users-admin>`. */
  name: string;
  component: ComponentType<Props>;
  /** Extra attributes of this element, by attribute name. */
  attributes?: Record<string, AttributeDefinition>;
  /** Extra object/function properties of this element (never reflected). */
  properties?: readonly string[];
}

// r2wc keeps its state under these registered symbols (@r2wc/core 2.1.1).
const PROPS = Symbol.for("r2wc.props");
const RENDER = Symbol.for("r2wc.render");
const CONNECTED = Symbol.for("r2wc.connected");

interface R2wcInternals extends HTMLElement {
  container: HTMLElement | ShadowRoot;
  [PROPS]: Record<string, unknown>;
  [RENDER](): void;
  [CONNECTED]: boolean;
  connectedCallback(): void;
  disconnectedCallback(): void;
}

function withOverlayRoot<Props extends ElementBaseProps>(Component: ComponentType<Props>) {
  function ElementRoot(props: Props) {
    return createElement(OverlayRootProvider, { root: props.container, children: createElement(Component, props) });
  }
  ElementRoot.displayName = `ElementRoot(${Component.displayName ?? Component.name ?? "Area"})`;
  return ElementRoot;
}

/**
 * The custom element class for one area: r2wc underneath, with its sharp edges fixed
 * (see FINDINGS.md: lazy properties, attribute removal, HTML booleans, object properties,
 * moves without remount, composed `kc-…` events, a mount div created before render).
 */
export function createElementClass<Props extends ElementBaseProps>(
  definition: AreaElementDefinition<Props>,
): CustomElementConstructor {
  const attributes = { ...BASE_ATTRIBUTES, ...definition.attributes };
  const objectProperties = [...BASE_OBJECT_PROPERTIES, ...(definition.properties ?? [])];
  const r2wcProps = Object.fromEntries(objectProperties.map((name) => [name, undefined]));
  const Base = r2wc(withOverlayRoot(definition.component) as unknown as ComponentType<object>, {
    shadow: "open",
    props: r2wcProps,
  }) as unknown as new () => R2wcInternals;

  class AreaElement extends Base {
    static get observedAttributes() {
      return Object.keys(attributes);
    }

    readonly mountRoot: HTMLDivElement;
    #hostStyles: HostStyles;
    #pendingUnmount = 0;
    #stopTheme: (() => void) | undefined;
    #internals: ElementInternals | undefined;

    constructor() {
      super();
      this.#internals = typeof this.attachInternals === "function" ? this.attachInternals() : undefined;
      const shadowRoot = this.shadowRoot!;
      adoptStyles(shadowRoot);
      this.mountRoot = document.createElement("div");
      this.mountRoot.className = MOUNT_ROOT_CLASS;
      this.mountRoot.setAttribute("part", MOUNT_ROOT_PART);
      shadowRoot.append(this.mountRoot);
      this.container = this.mountRoot;
      const props = this[PROPS];
      props.container = this.mountRoot;
      props.host = this;
      props.emit = (name: string, detail?: unknown) => this.emit(name, detail);
      for (const [attribute, { prop, type }] of Object.entries(attributes)) {
        props[prop] = parseAttribute(type, this.getAttribute(attribute));
      }
    }

    get styles(): HostStyles {
      return this.#hostStyles;
    }

    set styles(styles: HostStyles) {
      this.#hostStyles = styles;
      adoptStyles(this.shadowRoot!, toSheets(styles));
    }

    /** Dispatches a bubbling, composed `kc-${name}` CustomEvent from this element. */
    emit(name: string, detail?: unknown): void {
      const type = name.startsWith("kc-") ? name : `kc-${name}`;
      this.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
    }

    connectedCallback() {
      this.#pendingUnmount++;
      this.#upgradeProperties();
      adoptStyles(this.shadowRoot!, toSheets(this.#hostStyles));
      this.#followTheme();
      super.connectedCallback();
    }

    disconnectedCallback() {
      this[CONNECTED] = false;
      this.#stopTheme?.();
      this.#stopTheme = undefined;
      const pending = ++this.#pendingUnmount;
      // A move (remove + insert in the same task) reconnects before this runs and keeps React state.
      queueMicrotask(() => {
        if (pending !== this.#pendingUnmount || this.isConnected) return;
        super.disconnectedCallback();
        releaseStyles(this.shadowRoot!);
      });
    }

    attributeChangedCallback(name: string, oldValue: string | null, value: string | null) {
      const definition = attributes[name];
      if (!definition || oldValue === value) return;
      this[PROPS][definition.prop] = parseAttribute(definition.type, value);
      if (name === "theme" && this.isConnected) this.#followTheme();
      this[RENDER]();
    }

    #followTheme() {
      this.#stopTheme?.();
      this.#stopTheme = watchTheme(parseTheme(this.getAttribute("theme")), (resolved) => {
        this.mountRoot.classList.toggle(DARK_THEME_CLASS, resolved === "dark");
        this.#setDarkState(resolved === "dark");
      });
    }

    #setDarkState(dark: boolean) {
      const states = this.#internals?.states;
      if (!states) return;
      if (dark) states.add(DARK_THEME_STATE);
      else states.delete(DARK_THEME_STATE);
    }

    /** Values assigned before the element was defined are own properties shadowing our accessors. */
    #upgradeProperties() {
      const names = [...Object.values(attributes).map(({ prop }) => prop), ...objectProperties, "styles"];
      for (const name of names) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = (this as unknown as Record<string, unknown>)[name];
        delete (this as unknown as Record<string, unknown>)[name];
        (this as unknown as Record<string, unknown>)[name] = value;
      }
    }
  }

  for (const [attribute, { prop, type }] of Object.entries(attributes)) {
    Object.defineProperty(AreaElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: AreaElement) {
        return this[PROPS][prop];
      },
      set(this: AreaElement, value: unknown) {
        const reflected = attributeValueOf(type, value);
        if (reflected === null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, reflected);
      },
    });
  }

  return AreaElement;
}

/** Defines `<${prefix}-${name}>`; does nothing when that tag is already defined. Returns the tag. */
export function defineElement<Props extends ElementBaseProps>(
  definition: AreaElementDefinition<Props>,
  prefix: string = DEFAULT_PREFIX,
): string {
  const tag = `${prefix}-${definition.name}`;
  if (!customElements.get(tag)) customElements.define(tag, createElementClass(definition));
  return tag;
}

/**
 * What an area chunk calls when it loads: defines its element under every prefix the page asked
 * for (through the loader), and returns `define(prefix)` for later prefixes.
 */
export function defineArea<Props extends ElementBaseProps>(definition: AreaElementDefinition<Props>) {
  for (const prefix of requestedPrefixes()) defineElement(definition, prefix);
  return (prefix: string = DEFAULT_PREFIX) => defineElement(definition, prefix);
}
