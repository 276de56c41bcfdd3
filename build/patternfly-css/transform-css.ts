import postcss, { type AtRule, type Root } from "postcss";

/** One `@font-face` lifted out of a sheet, registered once on the document. */
export interface HoistedFontFace {
  family: string;
  /** The `src` descriptor with every url replaced by a placeholder index. */
  source: string;
  descriptors: Record<string, string>;
}

/** One `@property` lifted out of a sheet, registered once through CSS.registerProperty. */
export interface HoistedProperty {
  name: string;
  syntax: string;
  inherits: boolean;
  initialValue?: string;
}

export interface ShadowCss {
  /** Sheet text; `url()` targets are `__KC_URL_<n>__` placeholders into `urls`. */
  css: string;
  urls: string[];
  fontFaces: HoistedFontFace[];
  properties: HoistedProperty[];
  stats: { rootSelectors: number; darkSelectors: number; remValues: number; droppedIconFonts: number };
}

const ICON_FONT_FAMILY = /fontawesome|font awesome|pficon/i;
const REM_VALUE = /(?<![\w.-])(\d*\.?\d+)rem\b/g;
const URL_VALUE = /url\(\s*(["']?)([^"')]+)\1\s*\)/g;
const DARK_CLASS = ".pf-v6-theme-dark";
/** PatternFly's theme variants the elements never set (only light and dark): their rules are dead weight. */
const UNUSED_THEME_CLASS = /\.pf-v6-theme-(?:glass|felt|high-contrast)\b/;
/** The custom state (ElementInternals.states) an element sets while its resolved theme is dark. */
export const DARK_STATE = "dark";

export const urlPlaceholder = (index: number) => `__KC_URL_${index}__`;

/**
 * Rewrites one PatternFly stylesheet so it works inside a shadow root:
 * `:root` → `:host`, dark theme keyed on `[theme=dark]` on the host and on the wrapper class,
 * rem scaled from `--kc-rem`, `@font-face`/`@property` hoisted out, icon fonts and unused theme variants dropped.
 */
export function transformCssForShadowRoot(source: string, from?: string): ShadowCss {
  const root = postcss.parse(source, { from });
  const result: ShadowCss = {
    css: "",
    urls: [],
    fontFaces: [],
    properties: [],
    stats: { rootSelectors: 0, darkSelectors: 0, remValues: 0, droppedIconFonts: 0 },
  };
  const placeUrls = (value: string) =>
    value.replace(URL_VALUE, (whole, _quote: string, target: string) => {
      if (target.startsWith("data:") || target.startsWith("#")) return whole;
      result.urls.push(target);
      return `url("${urlPlaceholder(result.urls.length - 1)}")`;
    });

  hoistAtRules(root, result, placeUrls);
  dropUnusedThemes(root);

  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/i.test((rule.parent as AtRule).name)) return;
    if (rule.selector.includes(":root")) {
      rule.selectors = rule.selectors.flatMap((selector) => rewriteRootSelector(selector, result.stats));
    }
  });

  root.walkDecls((decl) => {
    decl.value = decl.value.replace(REM_VALUE, (_whole, amount: string) => {
      result.stats.remValues++;
      return `calc(${amount} * var(--kc-rem, 16px))`;
    });
    decl.value = placeUrls(decl.value);
  });

  result.css = root.toString();
  return result;
}

function dropUnusedThemes(root: Root) {
  root.walkRules((rule) => {
    if (!UNUSED_THEME_CLASS.test(rule.selector)) return;
    const kept = rule.selectors.filter((selector) => !UNUSED_THEME_CLASS.test(selector));
    if (kept.length) rule.selectors = kept;
    else rule.remove();
  });
}

function hoistAtRules(root: Root, result: ShadowCss, placeUrls: (value: string) => string) {
  root.walkAtRules((atRule) => {
    const name = atRule.name.toLowerCase();
    if (name === "font-face") {
      const descriptors: Record<string, string> = {};
      atRule.walkDecls((decl) => {
        descriptors[decl.prop] = decl.value;
      });
      const family = (descriptors["font-family"] ?? "").replace(/^["']|["']$/g, "");
      atRule.remove();
      if (ICON_FONT_FAMILY.test(family)) {
        result.stats.droppedIconFonts++;
        return;
      }
      const source = placeUrls(descriptors.src ?? "");
      delete descriptors["font-family"];
      delete descriptors.src;
      result.fontFaces.push({ family, source, descriptors });
    } else if (name === "property") {
      const descriptors: Record<string, string> = {};
      atRule.walkDecls((decl) => {
        descriptors[decl.prop] = decl.value;
      });
      result.properties.push({
        name: atRule.params.trim(),
        syntax: (descriptors.syntax ?? '"*"').replace(/^["']|["']$/g, ""),
        inherits: descriptors.inherits === "true",
        initialValue: descriptors["initial-value"],
      });
      atRule.remove();
    }
  });
}

/**
 * `:root` → `:host`; `:root:where(.pf-v6-theme-dark…)` → `:host(:where([theme=dark]…, :state(dark)…))` plus the bare
 * class for the wrapper. The custom state carries a resolved `auto`/`inherit` theme, so variables PatternFly
 * declares on `:root` resolve dark on the host too; `:where()` forgives engines without `:state()`.
 */
function rewriteRootSelector(selector: string, stats: ShadowCss["stats"]): string[] {
  const trimmed = selector.trim();
  const themed = /^:root:where\(([^()]*)\)(.*)$/.exec(trimmed);
  if (themed) {
    const [, classes, rest] = themed;
    stats.rootSelectors++;
    if (classes.includes(DARK_CLASS)) stats.darkSelectors++;
    const onHost = classes.includes(DARK_CLASS)
      ? [classes.split(DARK_CLASS).join("[theme=dark]"), classes.split(DARK_CLASS).join(`:state(${DARK_STATE})`)].join(
          ", ",
        )
      : classes;
    return [`:host(:where(${onHost}))${rest}`, `:where(${classes})${rest}`];
  }
  if (trimmed.startsWith(":root")) {
    stats.rootSelectors++;
    return [`:host${trimmed.slice(":root".length)}`];
  }
  if (trimmed.includes(":root")) {
    stats.rootSelectors++;
    return [trimmed.split(":root").join(":host")];
  }
  return [trimmed];
}
