import assert from "node:assert/strict";
import { realCatalog } from "../_helpers.ts";
import {
  evaluateTaskRecommend,
  judgedShare,
  loadTasks,
  scoreTask,
  summarizeTasks,
  type TaskQuery,
} from "./tasks.ts";

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} ≠ ${expected}`);

const task: TaskQuery = {
  id: "tt07",
  query: "q",
  criterion: "2: does it; 1: partly; 0: other",
  judged: { a: 2, b: 1, c: 0 },
};

Deno.test("judgedShare counts zeros as judged and unknown ids as not", () => {
  close(judgedShare(["a", "c", "x", "y"], task.judged, 10), 0.5, "2 of 4");
  close(judgedShare(["x", "a"], task.judged, 1), 0, "cut at 1");
  close(judgedShare([], task.judged, 10), 1, "empty list");
});

Deno.test("scoreTask: graded gains 2^grade − 1, fit share of grade 2, judged share", () => {
  // DCG = 1/log2(2) + 3/log2(3); IDCG = 3 + 1/log2(3)
  const s = scoreTask(task, ["b", "a", "x"], 10);
  close(s.ndcg10, (1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)), "nDCG");
  close(s.fit10, 0.1, "one fit in a top 10");
  close(s.judged10, 2 / 3, "judged");
  close(scoreTask(task, ["a", "b"], 10).ndcg10, 1, "ideal order");
  close(scoreTask(task, ["c", "x"], 10).ndcg10, 0, "only zeros and unknowns");
});

Deno.test("summarizeTasks splits odd- and even-numbered tasks", () => {
  const scores = [
    { ...scoreTask({ ...task, id: "tt01" }, ["a"]), id: "tt01" },
    { ...scoreTask({ ...task, id: "tt02" }, ["x"]), id: "tt02" },
  ];
  const s = summarizeTasks(scores);
  close(s.ndcgOdd, scores[0]!.ndcg10, "odd");
  close(s.ndcgEven, 0, "even");
  close(s.ndcg10, scores[0]!.ndcg10 / 2, "all");
});

Deno.test("evaluateTaskRecommend: hit@3 on grade 2 and the fit share per level", async () => {
  const r = await evaluateTaskRecommend([task], () =>
    Promise.resolve([
      { slug: "b", confidence: "high" },
      { slug: "a", confidence: "high" },
      { slug: "x", confidence: "low" },
    ]));
  close(r.hit3, 1, "a fit in the first three");
  close(r.confidence.high!.fit, 0.5, "high: one of two fits");
  close(r.confidence.high!.any, 1, "high: both relevant");
  close(r.confidence.low!.judged, 0, "low: unjudged");
  assert.deepEqual(Object.keys(r.confidence), ["high", "low"]);
});

const tasks = await loadTasks();

Deno.test("task set: at least 100 tasks, unique ids and texts, a criterion, grades 0-2", () => {
  const all = [...tasks.tools, ...tasks.servers];
  assert.ok(all.length >= 100, `${all.length} tasks`);
  assert.ok(tasks.tools.length >= 50 && tasks.servers.length >= 50);
  assert.equal(new Set(all.map((t) => t.id)).size, all.length, "duplicate ids");
  assert.equal(new Set(all.map((t) => t.query.toLowerCase())).size, all.length, "duplicate texts");
  for (const t of all) {
    assert.match(t.id, t.id.startsWith("tt") ? /^tt\d{2}$/ : /^ts\d{2}$/);
    assert.match(t.criterion, /2: .+; 1: .+; 0: /, `${t.id}: criterion`);
    const grades = Object.values(t.judged);
    assert.ok(grades.length >= 20, `${t.id}: only ${grades.length} judged`);
    assert.ok(grades.every((g) => g === 0 || g === 1 || g === 2), `${t.id}: grade out of range`);
    assert.ok(grades.includes(2), `${t.id}: no entry that does the task`);
  }
});

Deno.test("task set: every judged id exists in the real catalog", async () => {
  const { ctx } = await realCatalog();
  const missing: string[] = [];
  for (const t of tasks.tools) {
    for (const slug of Object.keys(t.judged)) {
      if (!ctx.store.toolBySlug(slug)) missing.push(`${t.id}: ${slug}`);
    }
  }
  for (const t of tasks.servers) {
    for (const name of Object.keys(t.judged)) {
      if (!ctx.store.serverByName(name)) missing.push(`${t.id}: ${name}`);
    }
  }
  assert.deepEqual(missing, []);
});
