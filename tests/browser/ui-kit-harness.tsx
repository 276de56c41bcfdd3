import { useEffect, type ReactNode } from "react";
import { FormProvider, type FieldValues, type UseFormReturn } from "react-hook-form";
import { I18nextProvider } from "react-i18next";
import type { i18n as I18n } from "i18next";
import { MemoryRouter } from "react-router";
import { defineElement } from "../../src/elements/define-element.ts";
import type { ElementBaseProps } from "../../src/core/runtime/element-props.ts";
import { createI18n } from "../../src/core/i18n/create-i18n.ts";
import { HelpProvider } from "../../src/core/ui/help/help-context.tsx";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import { SubmitButton, useKcForm } from "../../src/core/ui/form/index.ts";
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
export function byText<E extends HTMLElement = HTMLElement>(
  root: ParentNode,
  selector: string,
  text: string,
): E | undefined {
  return [...root.querySelectorAll<E>(selector)].find((node) => node.textContent?.trim().startsWith(text));
}

/** A form whose methods the test can reach, with the kit's submit button. */
export function TestForm<T extends FieldValues>({
  children,
  onSubmit,
  expose,
  defaultValues,
}: {
  children: ReactNode;
  onSubmit?: (values: T) => Promise<void> | void;
  expose?: (form: UseFormReturn<T>) => void;
  defaultValues?: Partial<T>;
}) {
  const form = useKcForm<T>({ defaultValues: defaultValues as never });
  useEffect(() => {
    expose?.(form);
  });
  return (
    <FormProvider {...form}>
      <Form onSubmit={form.handleSubmit(async (values) => onSubmit?.(values))}>
        {children}
        <SubmitButton />
      </Form>
    </FormProvider>
  );
}

export const submitButton = (root: ShadowRoot) => root.querySelector<HTMLButtonElement>('button[type="submit"]')!;

export interface CaughtDownload {
  filename: string;
  file: Promise<Blob>;
}

/** Records the files the page downloads through a link with `download`, instead of saving them. */
export function catchDownloads(): { downloads: CaughtDownload[]; stop(): void } {
  const downloads: CaughtDownload[] = [];
  const listener = (event: MouseEvent) => {
    const link = event.composedPath()[0];
    if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute("download")) return;
    event.preventDefault();
    // Fetched at once: the page may revoke the blob's URL right after the click.
    downloads.push({ filename: link.download, file: fetch(link.href).then((response) => response.blob()) });
  };
  document.addEventListener("click", listener, true);
  return { downloads, stop: () => document.removeEventListener("click", listener, true) };
}
