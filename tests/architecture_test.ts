import assert from "node:assert/strict";

/**
 * The import graph of `src/`, read from the source text: every `import`/`export ... from` and
 * dynamic `import("...")` of every `.ts`/`.tsx` file, type-only imports included (a type import
 * is a dependency of the code that reads it). Comments are left out (a JSDoc
 * `{@link import("./x.ts").Name}` is no import).
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

/**
 * The source without its comments: block comments that open a line (JSDoc) and whole-line `//`
 * comments. A `/*` inside a line is kept, as it may be inside a string (`"*\/*"`).
 */
function withoutComments(text: string): string {
  return text.replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, "").replace(/^[ \t]*\/\/.*$/gm, "");
}

/** Every import edge of `src/`. */
async function importGraph(): Promise<Edge[]> {
  const edges: Edge[] = [];
  for (const file of await _files(SRC)) {
    const text = await Deno.readTextFile(file);
    const from = file.slice(SRC.length);
    for (const m of withoutComments(text).matchAll(SPECIFIER)) {
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
  assert.ok(
    !edges.some((e) => e.from === "ingest/report.ts" && e.to === "ingest/types.ts"),
    "an import(...) in a JSDoc link is no edge",
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

/**
 * The import circles of a graph: its strongly connected components of more than one file, or of
 * one file importing itself (Tarjan's algorithm), each sorted, in order of their first file.
 */
function circles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.has(v)) out.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

Deno.test("circles: finds a loop through several files and a file importing itself", () => {
  const graph = new Map([
    ["a.ts", new Set(["b.ts"])],
    ["b.ts", new Set(["c.ts"])],
    ["c.ts", new Set(["a.ts", "d.ts"])],
    ["d.ts", new Set<string>()],
    ["e.ts", new Set(["e.ts", "d.ts"])],
  ]);
  assert.deepEqual(circles(graph), [["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
  graph.get("c.ts")!.delete("a.ts");
  assert.deepEqual(circles(graph), [["e.ts"]]);
});

Deno.test("no import circle between the files of src/ (type imports included)", () => {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!graph.has(e.from)) graph.set(e.from, new Set());
    if (e.to !== null) graph.get(e.from)!.add(e.to);
  }
  assert.ok(graph.size > 100, `${graph.size} files`);
  assert.deepEqual(circles(graph), []);
});
