/**
 * Draws the judging pool of the graded task set (`task_queries.json`): every query through every
 * ranking mode of `run_eval.ts` (lexical, semantic, hybrid, hybrid-rrf) at depth 20, the union of
 * the returned entries, and of those the ones not judged yet, each with what a judge reads (name,
 * category, description, tags or tools) and without any score, so the judge is not anchored by
 * the ranking. Run it again after a ranking change to judge what the new order brings up.
 *
 * Usage: `deno run --unstable-kv --allow-read --allow-env --allow-ffi --allow-sys
 * tests/eval/pool_tasks.ts [--depth 20] [--all] [--ids tt01,ts02] > pool.txt`; the catalog is
 * `TOOLATLAS_CATALOG` or `data/catalog.db`.
 *
 * @module
 */
import { closeContext, openContext } from "../../src/catalog/context.ts";
import type { CatalogServer } from "../../src/model/server.ts";
import type { CatalogTool } from "../../src/model/tool.ts";
import { CORPORA, MODES, requireCatalog, searchIds } from "./run_eval.ts";
import { loadTasks } from "./tasks.ts";

/**
 * What a judge reads of a tool: one line.
 *
 * @param t a catalog tool
 * @returns `slug | name | category | description | tags`
 */
export function toolLine(t: CatalogTool): string {
  // The longer text only when the description says little.
  const long = t.description.length < 60 && t.longDescription
    ? ` // ${t.longDescription.slice(0, 120)}`
    : "";
  return `${t.slug} | ${t.name} | ${t.category} | ${t.description.slice(0, 150)}${long} | ` +
    t.tags.slice(0, 4).join(", ");
}

/**
 * What a judge reads of a server: one line.
 *
 * @param s a catalog server
 * @returns `name | title | description | categories | tool names`
 */
export function serverLine(s: CatalogServer): string {
  return `${s.name} | ${s.title} | ${s.description.slice(0, 170)} | ${
    s.categories.slice(0, 3).join(", ")
  } | ${s.tools.slice(0, 6).map((t) => t.name.slice(0, 30)).join(", ")}`;
}

if (import.meta.main) {
  const args = Deno.args;
  const at = (flag: string) => {
    const i = args.indexOf(flag);
    return i === -1 ? undefined : args[i + 1];
  };
  const depth = Number(at("--depth") ?? "20");
  const all = args.includes("--all");
  const only = at("--ids")?.split(",");
  const catalog = await requireCatalog();
  const ctx = await openContext(catalog, "http://eval.local");
  const tasks = await loadTasks();
  let total = 0;
  for (const corpus of CORPORA) {
    for (const task of tasks[corpus]) {
      if (only && !only.includes(task.id)) continue;
      const pool: string[] = [];
      for (const mode of MODES) {
        for (const id of await searchIds(ctx, corpus, task.query, mode, depth)) {
          if (!pool.includes(id)) pool.push(id);
        }
      }
      const open = pool.filter((id) => all || !(id in task.judged));
      if (open.length === 0) continue;
      total += open.length;
      console.log(`\n## ${task.id} ${task.query}\n# ${task.criterion}`);
      const lines = corpus === "tools"
        ? ctx.store.toolsByIds(open.map((s) => ctx.store.toolId(s)!)).map(toolLine)
        : ctx.store.serversByIds(open.map((n) => ctx.store.serverId(n)!)).map(serverLine);
      for (const line of lines) console.log(`- ${line.replaceAll("\n", " ")}`);
    }
  }
  console.error(`${total} entries to judge`);
  closeContext(ctx);
}
