import { expect } from "chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { useState, type ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Runtime } from "../../src/core/runtime/runtime.ts";
import { RuntimeContext } from "../../src/core/runtime/runtime-context.tsx";
import { RealmScope } from "../../src/core/runtime/realm-scope.tsx";
import { RoutableTabs } from "../../src/core/ui/page/index.ts";
import { DataTable, type TableLoader } from "../../src/core/ui/table/index.ts";
import { RealmSelector } from "../../src/features/shell/realm-selector.tsx";
import { RECENT_REALMS_KEY } from "../../src/features/shell/recent-realms.ts";
import "../../src/features/shell/messages.ts";
import { realClick, removeTestContainers, waitFor } from "./elements-helpers.ts";
import { byText, mountUi, testI18n } from "./ui-kit-harness.tsx";

/** What a real server, an import or an older version can hand the console where strings belong. */
type Odd = Record<string, unknown>;

const oddPeople: Odd[] = [
  { id: "p0", name: "Ada", email: "ada@example.com" },
  { id: "p1", name: { first: "Object" }, email: 42 },
  { id: "p2", name: null, email: "null@example.com" },
  { id: "p3", name: 7, email: "seven@example.com" },
  ...Array.from({ length: 12 }, (_, index) => ({ id: `q${index}`, name: `Plain ${index}`, email: `p${index}@x.org` })),
];

const loader: TableLoader<Odd> = async (first, max, search) =>
  oddPeople.filter((row) => String(row.name).includes(search)).slice(first, first + max);

/**
 * Hands the value back as it came (the table shows an object as text), wraps it in an element (an
 * object there throws in React) and calls a string method on the e-mail (a number throws).
 */
const columns = [
  { name: "name", title: "Name" },
  { name: "raw", title: "Raw name", cell: (row: Odd) => row.name as ReactNode },
  { name: "strong", title: "Strong name", cell: (row: Odd) => <strong>{row.name as ReactNode}</strong> },
  { name: "email", title: "Domain", cell: (row: Odd) => (row.email as string).split("@")[1] },
];

const cellsOf = (root: ShadowRoot, rowKey: string) =>
  [...root.querySelectorAll<HTMLElement>(`tbody tr[data-row-key="${rowKey}"] td`)].map((cell) => cell.innerText.trim());
const cellErrors = (root: ShadowRoot) => [...root.querySelectorAll("[data-testid=inline-render-error]")];

/** The broken tab's data: an object until the test "fixes" it on the server. */
let brokenTabValue: unknown = { displayName: { a: 1 } };

function RendersAsItComes(): ReactNode {
  return <p className="broken-panel">{brokenTabValue as ReactNode}</p>;
}

function TabsStage() {
  const [renamed, setRenamed] = useState(false);
  return (
    <MemoryRouter initialEntries={["/thing/broken"]}>
      <button type="button" className="outside" onClick={() => setRenamed(true)}>
        {renamed ? "Still working" : "Outside the tabs"}
      </button>
      <Routes>
        <Route
          path="/thing/:tab"
          element={
            <RoutableTabs
              aria-label="Thing"
              tabs={[
                { key: "broken", title: "Broken", content: <RendersAsItComes /> },
                { key: "fine", title: "Fine", content: <p className="fine-panel">All good here</p> },
              ]}
            />
          }
        />
      </Routes>
    </MemoryRouter>
  );
}

/** A server whose realm representation and realm list hold odd shapes. */
const oddRealm = { realm: "odd", displayName: { a: 1 }, enabled: true };
const realmNames = [
  { name: "odd", displayName: { a: 1 } },
  { name: "numbered", displayName: 12345 },
  { name: "nothing", displayName: null },
  { name: "fine", displayName: "Fine realm" },
];
const fakeAdminClient = {
  baseUrl: "http://odd.test",
  realmName: "master",
  getAccessToken: async () => "token",
  realms: { findOne: async () => oddRealm },
  whoAmI: {
    find: async () => ({ userId: "u", realm: "master", displayName: { odd: true }, locale: "en", realm_access: {} }),
  },
};

function CurrentPath() {
  return <output className="path">{useLocation().pathname}</output>;
}

function SelectorStage({ i18n }: { i18n: Runtime["i18n"] }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [host] = useState(() => document.createElement("div"));
  const runtime = { adminClient: fakeAdminClient, authRealm: "master", i18n } as unknown as Runtime;
  return (
    <QueryClientProvider client={queryClient}>
      <RuntimeContext.Provider value={runtime}>
        <RealmScope realm="odd" host={host}>
          <RealmSelector />
          <CurrentPath />
        </RealmScope>
      </RuntimeContext.Provider>
    </QueryClientProvider>
  );
}

describe("odd server data breaks only its own cell or panel", () => {
  const realFetch = window.fetch;
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    window.fetch = realFetch;
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("table: a throwing cell shows an inline error, its neighbours and the table keep working", async () => {
    const { root } = await mountUi(
      <DataTable ariaLabel="People" loader={loader} columns={columns} rowKey={(row) => String(row.id)} isSearchable />,
    );
    await waitFor(() => root.querySelectorAll("tbody tr[data-row-key]").length === 10, "the first page");
    expect(cellsOf(root, "p0")).to.deep.equal(["Ada", "Ada", "Ada", "example.com"]);
    // Text wherever the table renders the value itself; the custom cells that trip over it fail alone.
    const [asText, asReturned, inElement, domain] = cellsOf(root, "p1");
    expect([asText, asReturned]).to.deep.equal(['{"first":"Object"}', '{"first":"Object"}']);
    expect(inElement).to.match(/^Cannot be shown: Objects are not valid as a React child/);
    expect(domain).to.match(/^Cannot be shown: row.email.split is not a function/);
    expect(cellsOf(root, "p2")).to.deep.equal(["", "", "", "example.com"]);
    expect(cellsOf(root, "p3")).to.deep.equal(["7", "7", "7", "example.com"]);
    expect(cellErrors(root)).to.have.length(2);

    await realClick(
      root.querySelector('nav[aria-label="People Pagination bottom"] button[aria-label="Go to next page"]')!,
    );
    await waitFor(() => root.querySelector('tbody tr[data-row-key="q11"]'), "the second page");
    expect(cellErrors(root)).to.have.length(0);

    await realClick(root.querySelector('input[aria-label="Search"]')!);
    await sendKeys({ type: "Plain 3" });
    await sendKeys({ press: "Enter" });
    await waitFor(() => root.querySelectorAll("tbody tr[data-row-key]").length === 1, "the search result");
    expect(cellsOf(root, "q3")).to.deep.equal(["Plain 3", "Plain 3", "Plain 3", "x.org"]);
  });

  it("tabs: a throwing panel shows an error with a retry in the tab; other tabs and the page stay usable", async () => {
    const { root } = await mountUi(<TabsStage />, { withRouter: false });
    const alert = await waitFor(() => root.querySelector("[data-testid=panel-render-error]"), "the panel error");
    expect(alert.textContent).to.contain("This part could not be shown");
    expect(root.querySelector('[role="tablist"]')).to.not.equal(null);

    await realClick(root.querySelector("button.outside")!);
    await waitFor(() => byText(root, "button.outside", "Still working"), "the page outside the tabs to react");

    await realClick(byText(root, '[role="tab"]', "Fine")!);
    await waitFor(() => root.querySelector(".fine-panel"), "the other tab");
    expect(root.querySelector("[data-testid=panel-render-error]")).to.equal(null);

    await realClick(byText(root, '[role="tab"]', "Broken")!);
    await waitFor(() => root.querySelector("[data-testid=panel-render-error]"), "the broken tab's error again");
    brokenTabValue = "Repaired value";
    await realClick(byText(root, "[data-testid=panel-render-error] button", "Try again")!);
    await waitFor(() => root.querySelector(".broken-panel")?.textContent === "Repaired value", "the retried panel");
    expect(root.querySelector("[data-testid=panel-render-error]")).to.equal(null);
  });

  it("realm selector: object, number and null display names show as text and every realm can be chosen", async () => {
    localStorage.setItem(RECENT_REALMS_KEY, JSON.stringify([{ name: "numbered", displayName: { nested: [1] } }]));
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin === "http://odd.test" && url.pathname.endsWith("/ui-ext/realms/names"))
        return new Response(JSON.stringify(realmNames), { headers: { "content-type": "application/json" } });
      return realFetch(input, init);
    };
    const { root } = await mountUi(<SelectorStage i18n={await testI18n()} />);
    const toggle = await waitFor(() => root.querySelector<HTMLButtonElement>("[data-testid=realm-selector]"), "toggle");
    expect(toggle.innerText.trim()).to.equal('{"a":1}');
    expect(toggle.getAttribute("aria-label")).to.equal('{"a":1}, select a realm');

    await realClick(toggle);
    const shown = () =>
      [...root.querySelectorAll<HTMLElement>('[role="menu"][aria-label="All realms"] [role="menuitem"]')].map((item) =>
        item.innerText.trim(),
      );
    await waitFor(() => shown().length === 4, "the four realms");
    expect(shown()).to.deep.equal(['{"a":1}', "12345", "nothing", "Fine realm"]);
    const recent = [
      ...root.querySelectorAll<HTMLElement>('[role="menu"][aria-label="Recently used"] [role="menuitem"]'),
    ];
    expect(recent.map((item) => item.innerText.trim())).to.deep.equal(["numbered"]);
    expect(cellErrors(root)).to.have.length(0);

    await realClick(byText(root, '[role="menu"][aria-label="All realms"] [role="menuitem"]', "Fine realm")!);
    await waitFor(() => root.querySelector("output.path")?.textContent === "/fine", "navigation to the chosen realm");
  });
});
