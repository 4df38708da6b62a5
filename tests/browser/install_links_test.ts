/**
 * Browser test of the one-click install buttons: Debian's Chromium (`playwright-core`) on the
 * fixture app. A server page's "Add to Cursor" and "Add to VS Code" buttons carry the links of the
 * install config (which decode to its entry), with the values still to provide named next to
 * them; the home page shows toolatlas's own configs with their buttons and copy buttons.
 * Screenshots go to `test-output/screenshots/`.
 *
 * @module
 */
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { chromium } from "./_playwright.ts";
import { createApp } from "../../src/http/app.ts";
import { selfInstallConfigs } from "../../src/install/self.ts";
import { fixtureContext } from "../fixtures/catalog.ts";

const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
const SHOTS = new URL("../../test-output/screenshots/", import.meta.url);

Deno.test({
  name: "browser: install buttons carry the config's links; the home page offers toolatlas itself",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    // A public address: /mcp over plain HTTP is offered only on localhost.
    const ctx = { ...await fixtureContext(), baseUrl: "https://toolatlas.test" };
    const app = createApp({ ctx });
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
    const base = `http://127.0.0.1:${server.addr.port}`;
    const browser: Browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    await Deno.mkdir(SHOTS, { recursive: true });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));

      await t.step("a server page's buttons are the install config's links", async () => {
        const name = "io.github.acme/postgres";
        const api = await (await fetch(`${base}/api/v1/servers/${name}/install-config`)).json();
        const byClient = new Map(
          (api.configs as { client: string; deepLinks: { label: string; url: string }[] }[])
            .map((c) => [c.client, c]),
        );
        await page.goto(`${base}/servers/${name}`);
        const cursor = page.locator("#install-cursor").getByRole("link", { name: "Add to Cursor" });
        assert.equal(await cursor.getAttribute("href"), byClient.get("cursor")!.deepLinks[0]!.url);
        const vscode = page.locator("#install-vscode").getByRole("link", {
          name: "Add to VS Code",
          exact: true,
        });
        const href = (await vscode.getAttribute("href"))!;
        assert.equal(href, byClient.get("vscode")!.deepLinks[0]!.url);
        const payload = JSON.parse(decodeURIComponent(href.slice("vscode:mcp/install?".length)));
        assert.equal(payload.name, "postgres");
        assert.equal(payload.env.DATABASE_URL, "${input:database-url}");
        assert.ok(await vscode.isVisible());
        const note = page.locator("#install-cursor .install-links");
        assert.match(
          (await note.textContent())!,
          /Still to provide after adding: \$\{env:DATABASE_URL\}/,
        );
        // Clients without a link get no button.
        assert.equal(await page.locator("#install-zed .install-links").count(), 0);
        await page.locator("#install-cursor").scrollIntoViewIfNeeded();
        await page.screenshot({ path: new URL("install-buttons.png", SHOTS).pathname });
      });

      await t.step("the home page shows toolatlas's configs, with buttons and copy", async () => {
        const expected = selfInstallConfigs(ctx.baseUrl);
        await page.goto(`${base}/`);
        const section = page.getByRole("region", { name: "Use toolatlas in your MCP client" });
        assert.ok(await section.isVisible());
        await page.locator("#use-claude-code summary").click();
        const copy = page.getByRole("button", { name: "Copy the Claude Code command" }).last();
        await copy.click();
        await page.getByText("Copied!").first().waitFor();
        const copied = String(await page.evaluate("navigator.clipboard.readText()"));
        const claude = expected.find((c) => c.client === "claude-code")!;
        assert.equal(copied, claude.local.cliCommand);
        await page.locator("#use-cursor summary").click();
        const links = await page.locator("#use-cursor a[data-app=cursor]").evaluateAll((as) =>
          as.map((a) => a.getAttribute("href"))
        );
        const cursor = expected.find((c) => c.client === "cursor")!;
        assert.deepEqual(links, [cursor.remote.deepLinks[0]!.url, cursor.local.deepLinks[0]!.url]);
        await page.locator("#use-cursor").screenshot({
          path: new URL("home-self-install.png", SHOTS).pathname,
        });
      });
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await browser.close();
      await server.shutdown();
    }
  },
});
