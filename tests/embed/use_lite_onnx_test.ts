import assert from "node:assert/strict";
import { loadConfig } from "../../src/config.ts";
import type { AppError } from "../../src/errors.ts";
import { loadUseLite } from "../../src/embed/embedder.ts";
import { buildUseLiteGraph, USE_LITE_MAX_TOKENS } from "../../src/embed/use_lite_graph.ts";
import { maxDiff } from "./_use_lite.ts";
import { tempDir } from "../_temp.ts";

Deno.test("an ONNX Runtime vector does not depend on the batch it is embedded in", async () => {
  const onnx = await loadUseLite("onnx");
  const texts = ["postgres", "send a slack message to my team", "word ".repeat(100)];
  const together = await onnx.embed(texts);
  for (const [i, text] of texts.entries()) {
    const [alone] = await onnx.embed([text]);
    assert.ok(maxDiff(alone!, together[i]!) < 1e-6, `text ${i}`);
  }
  const [a, b] = await onnx.embed(["a SQL database", "image generator"]);
  assert.ok(maxDiff(a!, b!) > 0.01, "different texts, different vectors");
  assert.deepEqual(await onnx.embed([]), []);
});

Deno.test("the graph reads at most 128 tokens: later ones change nothing", async () => {
  const onnx = await loadUseLite("onnx");
  assert.equal(USE_LITE_MAX_TOKENS, 128);
  // "go " is one token each; 200 of them stay under 600 characters, so clipText keeps them all
  // and the cut at 128 tokens is the graph's.
  const base = "go ".repeat(150);
  const [a, b, c] = await onnx.embed([base + "cats", base + "rockets", "go ".repeat(60) + "cats"]);
  assert.ok(maxDiff(a!, b!) < 1e-6, "tokens past 128 are not read");
  assert.ok(maxDiff(a!, c!) > 1e-4, "tokens before 128 are");
});

Deno.test("loadUseLite names the runtimes it accepts", async () => {
  await assert.rejects(() => loadUseLite("cuda"), /runtime "cuda": use auto, onnx, tfjs/);
  assert.equal(await loadUseLite("onnx"), await loadUseLite("onnx"), "one instance per runtime");
});

Deno.test("the graph builder names a missing weight", () => {
  assert.throws(
    () => buildUseLiteGraph(new Map()),
    /USE-lite weight missing: module\/Embeddings_en/,
  );
});

Deno.test("TOOLATLAS_EMBED_RUNTIME outside auto, onnx and tfjs stops startup with its name", () => {
  assert.throws(
    () => loadConfig({ TOOLATLAS_EMBED_RUNTIME: "cuda" }),
    (e: AppError) => e.code === "invalid_parameter" && /TOOLATLAS_EMBED_RUNTIME/.test(e.message),
  );
  assert.doesNotThrow(() => loadConfig({ TOOLATLAS_EMBED_RUNTIME: "tfjs" }));
});

Deno.test("auto falls back to TensorFlow.js, with a warning, when ONNX Runtime cannot load", async () => {
  // A process whose import map sends `onnxruntime-node` to a module that throws on import, as a
  // platform without its binary would.
  const root = new URL("../../", import.meta.url);
  const dir = await tempDir({ prefix: "toolatlas-fallback-" });
  const config = JSON.parse(await Deno.readTextFile(new URL("deno.json", root)));
  await Deno.writeTextFile(`${dir}/broken.js`, 'throw new Error("no binary for this platform");');
  await Deno.writeTextFile(
    `${dir}/import_map.json`,
    JSON.stringify({
      imports: { ...config.imports, "onnxruntime-node": `file://${dir}/broken.js` },
    }),
  );
  await Deno.writeTextFile(
    `${dir}/run.ts`,
    `import { loadUseLite } from "${new URL("src/embed/embedder.ts", root).href}";
     const [v] = await (await loadUseLite("auto")).embed(["let my agent query Postgres"]);
     console.log(JSON.stringify(Array.from(v!)));`,
  );
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--import-map", `${dir}/import_map.json`, `${dir}/run.ts`],
    cwd: root.pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.ok(out.success, stderr);
  assert.match(
    stderr,
    /ONNX Runtime cannot run USE-lite \(no binary for this platform\); using TensorFlow\.js/,
  );
  const fallback = Float32Array.from(JSON.parse(new TextDecoder().decode(out.stdout)));
  const [onnx] = await (await loadUseLite("onnx")).embed(["let my agent query Postgres"]);
  assert.ok(maxDiff(fallback, onnx!) < 1e-5, "the same vector from either runtime");
});
