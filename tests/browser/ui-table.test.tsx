import { expect } from "chai";
import { sendKeys, sendMouse } from "@web/test-runner-commands";
import { DataTable, pageSizeStorageKey, type TableLoader } from "../../src/core/ui/table/index.ts";
import { realClick, removeTestContainers, waitFor } from "./elements-helpers.ts";
import { byText, mountUi, sleep } from "./ui-kit-harness.tsx";

interface Person {
  id: string;
  name: string;
}

const people = (count: number): Person[] =>
  Array.from({ length: count }, (_, index) => ({ id: `p${index}`, name: `Person ${String(index).padStart(3, "0")}` }));

/** A loader over `data` that records every call. */
function recordingLoader(data: Person[]) {
  const calls: { first: number; max: number; search: string; sort?: string }[] = [];
  const loader: TableLoader<Person> = async (first, max, search, sort) => {
    calls.push({ first, max, search, sort: sort && `${sort.field}:${sort.direction}` });
    let rows = data.filter((person) => person.name.toLowerCase().includes(search.toLowerCase()));
    if (sort) rows = [...rows].sort((a, b) => (sort.direction === "asc" ? 1 : -1) * a.name.localeCompare(b.name));
    return rows.slice(first, first + max);
  };
  return { loader, calls };
}

const columns = [{ name: "name", title: "Name", sortable: true }];
const rowsOf = (root: ShadowRoot) => [...root.querySelectorAll("tbody tr[data-row-key]")];
const nextButton = (root: ShadowRoot) =>
  root.querySelector<HTMLButtonElement>(
    'nav[aria-label="People Pagination bottom"] button[aria-label="Go to next page"]',
  )!;

async function search(root: ShadowRoot, text: string) {
  const input = root.querySelector<HTMLInputElement>('input[aria-label="Search"]')!;
  await realClick(input);
  await sendKeys({ type: text });
  await sendKeys({ press: "Enter" });
}

describe("DataTable", () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    removeTestContainers();
    await sendMouse({ type: "move", position: [0, 0] });
  });

  it("asks for one row more than the page and shows next only when there is more", async () => {
    const { loader, calls } = recordingLoader(people(15));
    const { root } = await mountUi(
      <DataTable ariaLabel="People" loader={loader} columns={columns} rowKey={(row) => row.id} />,
    );
    await waitFor(() => rowsOf(root).length === 10, "the first page");
    expect(calls[0]).to.deep.equal({ first: 0, max: 11, search: "", sort: undefined });
    expect(nextButton(root).disabled).to.equal(false);
    await realClick(nextButton(root));
    await waitFor(() => rowsOf(root).length === 5, "the second page");
    expect(calls.at(-1)).to.include({ first: 10, max: 11 });
    expect(nextButton(root).disabled).to.equal(true);
  });

  it("keeps the chosen page size across a remount", async () => {
    const { loader, calls } = recordingLoader(people(45));
    const table = (
      <DataTable tableId="people" ariaLabel="People" loader={loader} columns={columns} rowKey={(row) => row.id} />
    );
    const { root } = await mountUi(table);
    await waitFor(() => rowsOf(root).length === 10, "the first page");
    await realClick(root.querySelector(".pf-v6-c-pagination .pf-v6-c-menu-toggle")!);
    const option = await waitFor(() => byText(root, ".pf-v6-c-menu li button", "20"), "the page size menu");
    await realClick(option);
    await waitFor(() => rowsOf(root).length === 20, "20 rows");
    expect(localStorage.getItem(pageSizeStorageKey("people"))).to.equal("20");
    removeTestContainers();
    const again = await mountUi(table);
    await waitFor(() => rowsOf(again.root).length === 20, "20 rows after remount");
    expect(calls.at(-1)).to.include({ first: 0, max: 21 });
  });

  it("shows the empty state without a search, and no-results with a working 'Clear all filters'", async () => {
    const empty = await mountUi(
      <DataTable
        ariaLabel="Nobody"
        loader={async () => []}
        columns={columns}
        rowKey={(row: Person) => row.id}
        emptyState={{ title: "No people", primaryAction: { title: "Add person", onClick: () => undefined } }}
      />,
    );
    await waitFor(() => empty.root.querySelector('[data-testid="table-empty"]'), "the empty state");
    expect(empty.root.textContent).to.include("Add person");
    removeTestContainers();

    const { loader } = recordingLoader(people(3));
    const { root } = await mountUi(
      <DataTable ariaLabel="People" loader={loader} columns={columns} rowKey={(row) => row.id} />,
    );
    await waitFor(() => rowsOf(root).length === 3, "three rows");
    await search(root, "nobody");
    const noResults = await waitFor(
      () => root.querySelector('[data-testid="table-no-results"]'),
      "the no-results state",
    );
    expect(root.querySelector('[data-testid="table-empty"]')).to.equal(null);
    await realClick(byText(noResults, "button", "Clear all filters")!);
    await waitFor(() => rowsOf(root).length === 3, "all rows again");
    expect(root.querySelector<HTMLInputElement>('input[aria-label="Search"]')!.value).to.equal("");
  });

  it("shows the server's message on a loader error and retries", async () => {
    let fail = true;
    const loader = async () => {
      if (fail)
        throw Object.assign(new Error("Network response was not OK."), {
          responseData: { errorMessage: "Realm is locked" },
        });
      return people(2);
    };
    const { root } = await mountUi(
      <DataTable ariaLabel="People" loader={loader} columns={columns} rowKey={(row: Person) => row.id} />,
    );
    const error = await waitFor(() => root.querySelector('[data-testid="table-error"]'), "the error state");
    expect(error.textContent).to.include("Realm is locked");
    fail = false;
    await realClick(byText(error, "button", "Try again")!);
    await waitFor(() => rowsOf(root).length === 2, "rows after retry");
  });

  it("opens a row's kebab with a real click and runs its action", async () => {
    const { loader } = recordingLoader(people(3));
    const ran: string[] = [];
    const { root } = await mountUi(
      <DataTable
        ariaLabel="People"
        loader={loader}
        columns={columns}
        rowKey={(row) => row.id}
        rowActions={[{ title: "Delete", isDanger: true, onAction: (row) => void ran.push(row.id) }]}
      />,
    );
    await waitFor(() => rowsOf(root).length === 3, "three rows");
    await realClick(root.querySelector('button[aria-label="Actions 2"]')!);
    const item = await waitFor(() => byText(root, ".pf-v6-c-menu li button", "Delete"), "the row menu");
    await realClick(item);
    await waitFor(() => ran.length === 1, "the action to run");
    expect(ran).to.deep.equal(["p1"]);
    await waitFor(() => !root.querySelector(".pf-v6-c-menu"), "the menu to close");
  });

  it("fetches an expanded row's detail on expand only", async () => {
    const { loader } = recordingLoader(people(3));
    const fetched: string[] = [];
    const loadDetail = async (row: Person) => {
      fetched.push(row.id);
      return <p className="detail">Details of {row.name}</p>;
    };
    const { root } = await mountUi(
      <DataTable
        ariaLabel="People"
        loader={loader}
        columns={columns}
        rowKey={(row) => row.id}
        loadDetail={loadDetail}
      />,
    );
    await waitFor(() => rowsOf(root).length === 3, "three rows");
    await sleep(100);
    expect(fetched).to.deep.equal([]);
    await realClick(root.querySelectorAll<HTMLButtonElement>("td.pf-v6-c-table__toggle button")[1]);
    const detail = await waitFor(() => root.querySelector(".detail"), "the detail");
    expect(detail.textContent).to.equal("Details of Person 001");
    expect(fetched).to.deep.equal(["p1"]);
  });

  it("passes the sort to the loader and acts on the selection", async () => {
    const { loader, calls } = recordingLoader(people(3));
    const acted: string[][] = [];
    const { root } = await mountUi(
      <DataTable
        ariaLabel="People"
        loader={loader}
        columns={columns}
        rowKey={(row) => row.id}
        canSelect
        toolbarActions={({ selected }) => (
          <button
            type="button"
            disabled={selected.length === 0}
            onClick={() => acted.push(selected.map((row) => row.id))}
          >
            Remove selected
          </button>
        )}
      />,
    );
    await waitFor(() => rowsOf(root).length === 3, "three rows");
    await realClick(byText(root, "th button", "Name")!);
    await waitFor(() => calls.at(-1)?.sort === "name:asc", "an ascending sort");
    await realClick(byText(root, "th button", "Name")!);
    await waitFor(() => calls.at(-1)?.sort === "name:desc", "a descending sort");
    await waitFor(() => rowsOf(root)[0]?.textContent?.includes("Person 002"), "sorted rows");
    const checkboxes = root.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]');
    await realClick(checkboxes[0]);
    await realClick(checkboxes[2]);
    const remove = byText<HTMLButtonElement>(root, "button", "Remove selected")!;
    await waitFor(() => !remove.disabled, "the action to enable");
    await realClick(remove);
    expect(acted).to.deep.equal([["p2", "p0"]]);
  });
});
