import assert from "node:assert/strict";
import { findPrices, sortPrices, toPriceRecord } from "../../src/catalog/prices.ts";
import type { CatalogContext } from "../../src/catalog/context.ts";
import type { PriceRecord } from "../../src/catalog/price_schemas.ts";
import { PriceDate, supersededTitle } from "../../src/site/prices_page.tsx";
import type { CatalogPrice, DateKind } from "../../src/model/price.ts";

function price(model: string, fields: Partial<CatalogPrice> = {}): CatalogPrice {
  return {
    id: `ai21/${model}`,
    provider: "ai21",
    providerName: "AI21",
    model,
    inputPerMTok: 1,
    outputPerMTok: 2,
    corroboratedBy: [],
    disagreements: [],
    sources: [{ source: "litellm", sourceId: model }],
    provenance: {},
    ...fields,
  };
}

/** A context whose store serves only `prices` (all the price use cases read). */
function context(prices: CatalogPrice[]): CatalogContext {
  return { store: { prices: () => prices } } as unknown as CatalogContext;
}

const ROWS: CatalogPrice[] = [
  price("j2-light", { retired: true, deprecated: true, inputPerMTok: 3 }),
  price("j2-mid", { retired: true, deprecated: true, inputPerMTok: 0.1 }),
  price("jamba-1.5", { deprecated: true, inputPerMTok: 0.2 }),
  price("jamba-large-1.7", { inputPerMTok: 2 }),
  price("jamba-mini-1.7", { inputPerMTok: 0.2 }),
];

Deno.test("findPrices() lists current models before deprecated and retired ones by default", () => {
  const ids = findPrices(context(ROWS), {}).map((r) => r.model);
  assert.deepEqual(ids, ["jamba-large-1.7", "jamba-mini-1.7", "j2-light", "j2-mid", "jamba-1.5"]);
});

Deno.test("sortPrices() keeps deprecated and retired models after current ones in every order", () => {
  const rows = ROWS.map(toPriceRecord);
  const ids = (sort: "input" | "provider", dir: "asc" | "desc") =>
    sortPrices(rows, sort, dir).map((r) => r.model);
  assert.deepEqual(ids("input", "asc"), [
    "jamba-mini-1.7",
    "jamba-large-1.7",
    "j2-mid",
    "jamba-1.5",
    "j2-light",
  ]);
  assert.deepEqual(ids("input", "desc").slice(0, 2), ["jamba-large-1.7", "jamba-mini-1.7"]);
  assert.deepEqual(ids("provider", "desc").slice(0, 2), ["jamba-mini-1.7", "jamba-large-1.7"]);
});

Deno.test("toPriceRecord() says verified only with a real check", () => {
  const checked = toPriceRecord(price("a", {
    verifiedAt: "2026-07-29",
    verifiedMeaning: "prices_checked",
    asOf: "2026-07-29",
    dateKind: "checked",
  }));
  assert.deepEqual([checked.verifiedAt, checked.verifiedMeaning, checked.dateKind], [
    "2026-07-29",
    "prices_checked",
    "checked",
  ]);
  // A stored record with a date of another kind never comes out as verified.
  for (const kind of ["effective", "released", "synced"] as const) {
    const r = toPriceRecord(
      price("b", { verifiedAt: "2026-07-24", asOf: "2026-07-24", dateKind: kind }),
    );
    assert.deepEqual([r.verifiedAt, r.verifiedMeaning, r.asOf, r.dateKind], [
      null,
      null,
      "2026-07-24",
      kind,
    ]);
  }
  const retired = toPriceRecord(price("c", { retired: true }));
  assert.deepEqual([retired.deprecated, retired.retired, retired.statements], [true, true, []]);
});

/** Renders the date cell of a record to HTML text. */
function dateCell(r: PriceRecord): string {
  return String(PriceDate({ record: r }));
}

for (const kind of ["checked", "effective", "released", "synced"] as const satisfies DateKind[]) {
  Deno.test(`PriceDate() labels a ${kind} date as ${kind}`, () => {
    const r = toPriceRecord(price("d", {
      asOf: "2026-03-01",
      dateKind: kind,
      ...(kind === "checked" && { verifiedAt: "2026-03-01" }),
    }));
    const html = dateCell(r);
    assert.match(html, new RegExp(`${kind}</(strong|em)> 2026-03-01`));
    if (kind !== "checked") assert.doesNotMatch(html, /checked|verified/);
  });
}

Deno.test("supersededTitle() lists each superseded statement with its date", () => {
  const r = toPriceRecord(price("e", {
    statements: [
      {
        source: "litellm",
        sourceId: "e",
        statedAt: "2026-07-24",
        dateKind: "synced",
        dateBasis: "file",
        inputPerMTok: 1,
        outputPerMTok: 2,
        cacheReadPerMTok: null,
        webSearchPerCall: null,
        status: "chosen",
        crossCheck: false,
      },
      {
        source: "simonw-llm-prices",
        sourceId: "e",
        statedAt: "2026-08-05",
        dateKind: "synced",
        dateBasis: "dump",
        inputPerMTok: 2,
        outputPerMTok: 6,
        cacheReadPerMTok: null,
        webSearchPerCall: null,
        status: "superseded",
        crossCheck: false,
      },
    ],
  }));
  assert.equal(supersededTitle(r), "simonw-llm-prices 2 / 6 (synced 2026-08-05)");
});
