import { expect } from "chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { useEffect } from "react";
import { FormProvider, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Form } from "@patternfly/react-core/dist/esm/components/Form/index.js";
import type UserRepresentation from "@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js";
import { registerMessages } from "../../src/core/i18n/message-bundles.ts";
import { useKcForm } from "../../src/core/ui/form/index.ts";
import {
  UserProfileFields,
  applyUserProfileErrors,
  toUserFormValues,
  toUserRepresentation,
  type UserFormValues,
  type UserProfileMetadata,
} from "../../src/core/ui/user-profile/index.ts";
import { realClick, removeTestContainers, waitFor } from "./elements-helpers.ts";
import { byText, mountUi, sleep, testI18n } from "./ui-kit-harness.tsx";

registerMessages("ui-profile-test", {
  contactHeader: "Contact details",
  contactDescription: "How we reach this person",
  "colour.red": "Red (translated)",
});

const options = (...values: string[]) => ({ options: { options: values } });
const cities = Array.from({ length: 12 }, (_, index) => `city${index}`);

const metadata: UserProfileMetadata = {
  groups: [
    { name: "contact", displayHeader: "${contactHeader}", displayDescription: "${contactDescription}" },
    { name: "extra", displayHeader: "Extra", displayDescription: "More about the user" },
  ],
  attributes: [
    { name: "username", displayName: "${username}", required: true, readOnly: true },
    { name: "email", displayName: "Email", annotations: { inputType: "email" } },
    { name: "firstName", displayName: "First name", required: true, validators: { length: { max: 10 } } },
    {
      name: "lastName",
      displayName: "Last name",
      annotations: {
        inputTypePlaceholder: "Family name",
        inputHelperTextBefore: "As in the passport",
        inputHelperTextAfter: "Up to 255 characters",
      },
    },
    { name: "org.unit", displayName: "Org unit", group: "contact" },
    {
      name: "bio",
      displayName: "Bio",
      group: "contact",
      annotations: { inputType: "textarea", inputTypeRows: 4, inputTypeCols: 30 },
    },
    {
      name: "colour",
      displayName: "Colour",
      group: "contact",
      annotations: {
        inputType: "select",
        inputOptionLabels: { green: "Green label" },
        inputOptionLabelsI18nPrefix: "colour",
      },
      validators: options("red", "green", "blue"),
    },
    {
      name: "size",
      displayName: "Size",
      group: "contact",
      annotations: { inputType: "select-radiobuttons" },
      validators: options("s", "m", "l"),
    },
    {
      name: "langs",
      displayName: "Languages",
      group: "extra",
      multivalued: true,
      annotations: { inputType: "multiselect" },
      validators: options("en", "de", "fr"),
    },
    {
      name: "pets",
      displayName: "Pets",
      group: "extra",
      multivalued: true,
      annotations: { inputType: "multiselect-checkboxes" },
      validators: options("cat", "dog", "fish"),
    },
    { name: "nicknames", displayName: "Nicknames", group: "extra", multivalued: true },
    {
      name: "city",
      displayName: "City",
      group: "extra",
      annotations: { inputType: "select" },
      validators: options(...cities),
    },
    { name: "phone", displayName: "Phone", group: "extra", annotations: { inputType: "tel" } },
    { name: "site", displayName: "Site", group: "extra", annotations: { inputType: "url" } },
    { name: "age", displayName: "Age", group: "extra", annotations: { inputType: "number" } },
    {
      name: "level",
      displayName: "Level",
      group: "extra",
      annotations: { inputType: "range", inputTypeMin: "0", inputTypeMax: "10" },
    },
    { name: "born", displayName: "Born", group: "extra", annotations: { inputType: "date" } },
    { name: "month", displayName: "Month", group: "extra", annotations: { inputType: "month" } },
    { name: "wakeUp", displayName: "Wake up", group: "extra", annotations: { inputType: "time" } },
    { name: "lastSeen", displayName: "Last seen", group: "extra", annotations: { inputType: "datetime-local" } },
    { name: "badge", displayName: "Badge", group: "extra", readOnly: true },
  ],
};

const user: UserRepresentation = {
  id: "u1",
  username: "alice",
  email: "alice@example.com",
  firstName: "Alice",
  lastName: "Liddell",
  attributes: {
    "org.unit": ["sales"],
    bio: ["Hello"],
    colour: ["green"],
    size: ["m"],
    langs: ["en"],
    pets: ["cat"],
    nicknames: ["Al"],
    city: ["city3"],
    phone: ["+1 555"],
    site: ["https://example.com"],
    age: ["30"],
    level: ["5"],
    born: ["1990-01-02"],
    month: ["2024-05"],
    wakeUp: ["07:30"],
    lastSeen: ["2024-05-06T10:20"],
    badge: ["gold"],
  },
};

let form: UseFormReturn<UserFormValues> | undefined;
let saved: UserRepresentation | undefined;

function ProfileForm() {
  const { t } = useTranslation();
  const methods = useKcForm<UserFormValues>({ defaultValues: toUserFormValues(user) });
  useEffect(() => {
    form = methods;
  });
  return (
    <FormProvider {...methods}>
      <Form
        onSubmit={methods.handleSubmit((values) => {
          saved = toUserRepresentation(values);
        })}
      >
        <UserProfileFields metadata={metadata} />
        <button type="submit" data-testid="save">
          Save {t("contactHeader")}
        </button>
      </Form>
    </FormProvider>
  );
}

const input = <E extends HTMLElement = HTMLInputElement>(root: ShadowRoot, id: string) =>
  root.querySelector<E>(`#${CSS.escape(id)}`)!;

async function typeInto(element: HTMLElement, text: string, replace = true) {
  await realClick(element);
  if (replace) {
    await sendKeys({ press: "Control+a" });
    await sendKeys({ press: "Backspace" });
  }
  if (text) await sendKeys({ type: text });
}

async function save(root: ShadowRoot) {
  saved = undefined;
  await realClick(root.querySelector('[data-testid="save"]')!);
}

describe("user-profile form", () => {
  beforeEach(() => {
    form = undefined;
    saved = undefined;
  });
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("renders groups with translated headers and descriptions, ungrouped attributes first", async () => {
    const { root } = await mountUi(<ProfileForm />);
    const groups = await waitFor(() => {
      const found = [...root.querySelectorAll<HTMLElement>(".kc-profile-group")];
      return found.length === 3 && found;
    }, "three sections");
    expect(groups.map((group) => group.dataset.group)).to.deep.equal(["", "contact", "extra"]);
    expect(groups[1].querySelector("h2")!.textContent).to.equal("Contact details");
    expect(groups[1].textContent).to.include("How we reach this person");
    expect(groups[2].querySelector("h2")!.textContent).to.equal("Extra");
    expect(groups[0].textContent).to.include("As in the passport");
    expect(groups[0].textContent).to.include("Up to 255 characters");
    expect(input(root, "profile-lastName").placeholder).to.equal("Family name");
    expect(input(root, "profile-username").readOnly).to.equal(true);
    expect(input(root, "profile-org-unit").value).to.equal("sales");
    expect(input<HTMLTextAreaElement>(root, "profile-bio").rows).to.equal(4);
    expect(input(root, "profile-level").type).to.equal("range");
    expect(input(root, "profile-level").max).to.equal("10");
    expect(input(root, "profile-badge").readOnly).to.equal(true);
  });

  it("saves every input type back into the user, attributes decoded", async () => {
    const { root } = await mountUi(<ProfileForm />);
    await waitFor(() => root.querySelector("#profile-email"), "the form");
    // text-like inputs
    await typeInto(input(root, "profile-email"), "a@b.org");
    await typeInto(input(root, "profile-org-unit"), "research");
    await typeInto(input(root, "profile-bio"), "Line one");
    await typeInto(input(root, "profile-phone"), "+49 30");
    await typeInto(input(root, "profile-site"), "https://kc.example");
    await typeInto(input(root, "profile-age"), "41");
    // select: a menu through the overlay root; option labels from inputOptionLabels and the i18n prefix
    await realClick(root.querySelector("#profile-colour")!);
    const red = await waitFor(
      () => byText(root, ".pf-v6-c-menu li button", "Red (translated)"),
      "the translated option",
    );
    expect(byText(root, ".pf-v6-c-menu li button", "Green label")).to.not.equal(undefined);
    await realClick(red);
    await waitFor(
      () => root.querySelector("#profile-colour")!.textContent?.includes("Red (translated)"),
      "the chosen colour",
    );
    // radio buttons and checkboxes
    await realClick(input(root, "profile-size-l"));
    await realClick(input(root, "profile-pets-dog"));
    await realClick(input(root, "profile-pets-cat"));
    // multiselect: add one more language
    await realClick(root.querySelector("#profile-langs")!);
    const french = await waitFor(() => byText(root, ".pf-v6-c-menu .pf-v6-c-menu__item", "fr"), "the fr option");
    await realClick(french);
    await waitFor(() => root.querySelector("#profile-langs")!.textContent?.includes("en, fr"), "both languages chosen");
    await sendKeys({ press: "Escape" });
    // typeahead select (12 options): type to filter
    const city = input(root, "profile-city");
    await realClick(city);
    await sendKeys({ type: "city1" });
    await waitFor(() => root.querySelectorAll(".pf-v6-c-menu li button").length === 3, "city1, city10, city11");
    await realClick(byText(root, ".pf-v6-c-menu li button", "city11")!);
    // multi-input: add a second nickname
    await realClick(byText(root, "button", "Add Nicknames")!);
    await typeInto(
      await waitFor(() => root.querySelector<HTMLInputElement>("#profile-nicknames-1"), "a second entry"),
      "Ally",
      false,
    );
    await sleep(50);
    await save(root);
    await waitFor(() => saved, "the save");
    expect(saved).to.deep.equal({
      ...user,
      email: "a@b.org",
      attributes: {
        ...user.attributes,
        "org.unit": ["research"],
        bio: ["Line one"],
        phone: ["+49 30"],
        site: ["https://kc.example"],
        age: ["41"],
        colour: ["red"],
        size: ["l"],
        pets: ["dog"],
        langs: ["en", "fr"],
        city: ["city11"],
        nicknames: ["Al", "Ally"],
      },
    });
  });

  it("keeps one multi-input entry, and adds only after the last is filled", async () => {
    const { root } = await mountUi(<ProfileForm />);
    const remove = await waitFor(
      () => root.querySelector<HTMLButtonElement>('button[aria-label="Remove Nicknames value 1"]'),
      "the remove button",
    );
    expect(remove.disabled).to.equal(true);
    await realClick(byText(root, "button", "Add Nicknames")!);
    await waitFor(() => root.querySelector("#profile-nicknames-1"), "the new entry");
    expect(byText<HTMLButtonElement>(root, "button", "Add Nicknames")!.disabled).to.equal(true);
  });

  it("checks required and length before saving, and puts server errors on dotted attributes", async () => {
    const { root } = await mountUi(<ProfileForm />);
    await waitFor(() => root.querySelector("#profile-firstName"), "the form");
    await typeInto(input(root, "profile-firstName"), "");
    await save(root);
    await waitFor(() => root.textContent?.includes("First name is required."), "the required error");
    await typeInto(input(root, "profile-firstName"), "Bartholomew Jr");
    await waitFor(() => root.textContent?.includes("First name must be at most 10 characters."), "the length error");
    expect(saved).to.equal(undefined);
    applyUserProfileErrors(
      form!,
      { responseData: { errors: [{ field: "org.unit", errorMessage: "Unit {{0}} is closed", params: ["sales"] }] } },
      (await testI18n()).t,
    );
    const unit = await waitFor(
      () => root.querySelector(".pf-v6-c-form__group:has(#profile-org-unit) .pf-v6-c-helper-text__item.pf-m-error"),
      "the server error",
    );
    expect(unit.textContent).to.include("Unit sales is closed");
  });
});
