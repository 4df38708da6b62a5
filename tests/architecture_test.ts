import assert from "node:assert/strict";

/**
 * The import graph of `src/`, read from the source text: every `import`/`export ... from` and
 * dynamic `import("...")` of every `.ts`/`.tsx` file, type-only imports included (a type import
 * is a dependency of the code that reads it).
 */
const SRC = new URL("../src/", import.meta.url).pathname;

interface Edge {
  /** Importing file, relative to `src/`, e.g. `catalog/store.ts`. */
  from: string;
  /** The specifier as written, e.g. `../model/server.ts` or `zod`. */
  spec: string;
  /** Imported file relative to `src/` for a relative specifier inside `src/`, else `null`. */
  to: string | null;
}

async function _files(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory) out.push(...await _files(`${path}/`));
    else if (/\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|(?:^|[\s;])import\s+["']([^"']+)["']/g;

/** Every import edge of `src/`. */
async function importGraph(): Promise<Edge[]> {
  const edges: Edge[] = [];
  for (const file of await _files(SRC)) {
    const text = await Deno.readTextFile(file);
    const from = file.slice(SRC.length);
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = (m[1] ?? m[2] ?? m[3])!;
      let to: string | null = null;
      if (spec.startsWith(".")) {
        const target = new URL(spec, `file://${file}`).pathname;
        if (target.startsWith(SRC)) to = target.slice(SRC.length);
      }
      edges.push({ from, spec, to });
    }
  }
  return edges;
}

/** Top-level part of a path under `src/`: its folder, or the file itself (`errors.ts`). */
function top(path: string): string {
  const i = path.indexOf("/");
  return i === -1 ? path : path.slice(0, i);
}

const edges = await importGraph();

Deno.test("the import graph is read: every file of src/ and its imports", () => {
  const files = new Set(edges.map((e) => e.from));
  assert.ok(files.size > 100, `${files.size} files`);
  assert.ok(
    edges.some((e) => e.from === "catalog/store.ts" && e.to === "catalog/db.ts"),
    "a known edge is found",
  );
  assert.ok(
    edges.some((e) => e.from === "ingest/classify.ts" && e.to === "ingest/leaf_model.ts"),
    "type imports are edges too",
  );
});

Deno.test("no file under src/catalog, src/model or src/install imports from src/ingest", () => {
  const bad = edges.filter((e) =>
    ["catalog", "model", "install"].includes(top(e.from)) && e.to !== null && top(e.to) === "ingest"
  );
  assert.deepEqual(bad.map((e) => `${e.from} -> ${e.spec}`), []);
});

Deno.test("src/model imports nothing but zod (and its own files)", () => {
  const bad = edges.filter((e) =>
    top(e.from) === "model" && e.spec !== "zod" && !(e.to !== null && top(e.to) === "model")
  );
  assert.deepEqual(bad.map((e) => `${e.from} -> ${e.spec}`), []);
});

Deno.test("ingest reaches the catalog only through its writer", () => {
  const bad = edges.filter((e) =>
    top(e.from) === "ingest" && e.to !== null && top(e.to) === "catalog" &&
    e.to !== "catalog/writer.ts"
  );
  assert.deepEqual(bad.map((e) => `${e.from} -> ${e.spec}`), []);
});

Deno.test("no import cycle between the top-level folders of src/", () => {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.to === null || top(e.from) === top(e.to)) continue;
    let out = graph.get(top(e.from));
    if (!out) graph.set(top(e.from), out = new Set());
    out.add(top(e.to));
  }
  // Depth-first search; a back edge closes a cycle, reported as its path.
  const state = new Map<string, "open" | "done">();
  const cycles: string[] = [];
  const visit = (node: string, path: string[]) => {
    state.set(node, "open");
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...path, node, next].join(" -> "));
      else if (!state.has(next)) visit(next, [...path, node]);
    }
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node, []);
  assert.deepEqual(cycles, []);
  // The layering holds as designed: the transports above the catalog, the model below all.
  assert.ok(graph.get("http")?.has("catalog"));
  assert.ok(graph.get("catalog")?.has("model"));
  assert.equal(graph.has("model"), false, "model depends on no other folder");
});
