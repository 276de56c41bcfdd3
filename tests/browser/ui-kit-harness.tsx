import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import type { i18n as I18n } from "i18next";
import { MemoryRouter } from "react-router";
import { defineElement } from "../../src/elements/define-element.ts";
import type { ElementBaseProps } from "../../src/core/runtime/element-props.ts";
import { createI18n } from "../../src/core/i18n/create-i18n.ts";
import { HelpProvider } from "../../src/core/ui/help/help-context.tsx";
import { waitFor } from "./elements-helpers.ts";

/**
 * A bare element for UI-kit tests: a real shadow root with the PatternFly sheets and the overlay
 * root, i18n and help mode, but no server. Tests hand it React content through `content`.
 */
interface StageProps extends ElementBaseProps {
  content?: ReactNode;
  i18n?: I18n;
  withRouter?: boolean;
}

function Stage({ content, i18n, withRouter = true }: StageProps) {
  if (!i18n) return null;
  const body = <section className="ui-stage">{content}</section>;
  return (
    <I18nextProvider i18n={i18n}>
      <HelpProvider>{withRouter ? <MemoryRouter>{body}</MemoryRouter> : body}</HelpProvider>
    </I18nextProvider>
  );
}

const TAG = defineElement({ name: "ui-test-stage", component: Stage, properties: ["content", "i18n", "withRouter"] });

let sharedI18n: Promise<I18n> | undefined;
export const testI18n = () => (sharedI18n ??= createI18n("http://127.0.0.1:1"));

export interface MountedStage {
  element: HTMLElement & { content?: ReactNode };
  root: ShadowRoot;
  render(content: ReactNode): Promise<void>;
}

/** Mounts `content` in a fresh stage element and waits for its first render. */
export async function mountUi(content: ReactNode, options: { withRouter?: boolean } = {}): Promise<MountedStage> {
  const i18n = await testI18n();
  const element = document.createElement(TAG) as MountedStage["element"] & Record<string, unknown>;
  element.withRouter = options.withRouter ?? true;
  element.i18n = i18n;
  element.content = content;
  const container = document.createElement("div");
  container.className = "test-container";
  container.append(element);
  document.body.append(container);
  await waitFor(() => element.shadowRoot?.querySelector("section.ui-stage"), "the stage to render");
  return {
    element,
    root: element.shadowRoot!,
    async render(next) {
      element.content = next;
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Elements in the stage's shadow root whose text starts with `text`. */
export function byText<E extends HTMLElement = HTMLElement>(root: ParentNode, selector: string, text: string): E | undefined {
  return [...root.querySelectorAll<E>(selector)].find((node) => node.textContent?.trim().startsWith(text));
}
