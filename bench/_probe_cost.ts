/**
 * Child process of `bench/hardening.ts` (step `probe`): runs one launch probe of the probe tests'
 * fixture server (`tests/fixtures/probe/server.ts`) in the permission sandbox and prints, as one
 * JSON line, what the probe runner paid: wall time, its peak resident memory (`VmHWM`), the tools
 * kept and what the probe recorded. Run alone so the peak is the probe's own.
 *
 * ```sh
 * deno run -A bench/_probe_cost.ts endless-line 8000   # mode, initialize timeout in ms
 * ```
 *
 * @module
 */
import { probeProcess } from "../src/probe/probe.ts";
import { sandboxCommand } from "../src/probe/sandbox.ts";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const mode = Deno.args[0] ?? "endless-line";
const initMs = Number(Deno.args[1] ?? 8_000);

/** Peak and current resident memory of this process, MiB. */
async function memory(): Promise<{ hwm: number; rss: number }> {
  const status = await Deno.readTextFile("/proc/self/status");
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { hwm: kb("VmHWM") / 1024, rss: kb("VmRSS") / 1024 };
}

const info = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
const denoDir = (JSON.parse(new TextDecoder().decode(info.stdout)) as { denoDir: string }).denoDir;
const dir = await Deno.makeTempDir({ prefix: "toolatlas-probe-cost-" });
const before = await memory();
const started = performance.now();
try {
  const out = await probeProcess(
    sandboxCommand(`${ROOT}/tests/fixtures/probe/server.ts`, [mode], {
      dir,
      denoDir,
      readPaths: [ROOT],
      config: `${ROOT}/deno.json`,
    }),
    { initMs, listMs: 60_000 },
  );
  const after = await memory();
  console.log(JSON.stringify({
    mode,
    ms: Math.round(performance.now() - started),
    rssBeforeMiB: Math.round(before.rss),
    peakMiB: Math.round(after.hwm),
    launched: out.launched,
    errorClass: out.errorClass,
    tools: out.tools.length,
    capped: (out as { capped?: unknown }).capped ?? null,
    storedBytes: JSON.stringify(out.tools).length,
    detail: out.detail?.slice(0, 100) ?? null,
  }));
} finally {
  await Deno.remove(dir, { recursive: true });
}
