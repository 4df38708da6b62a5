/**
 * Browser tests of the public site: Debian's Chromium driven by `playwright-core` against the app
 * served on 127.0.0.1 with the fixture catalog. Screenshots go to `test-output/screenshots/`.
 *
 * Chromium must be installed (`apt-get install -y chromium`; `.ci/run` does it); without it these
 * tests fail with a message saying so. `CHROMIUM_PATH` overrides `/usr/bin/chromium`.
 *
 * @module
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { chromium } from "./_playwright.ts";
import { createApp } from "../../src/http/app.ts";
import { fixtureContext } from "../fixtures/catalog.ts";

const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
];
const SHOTS = new URL("../../test-output/screenshots/", import.meta.url);

async function _requireChromium(): Promise<void> {
  try {
    await Deno.stat(CHROMIUM);
  } catch {
    throw new Error(
      `Cannot run the browser tests: Chromium is not installed at "${CHROMIUM}". ` +
        "Install it with `apt-get update && apt-get install -y chromium` (.ci/run does this), " +
        "or set CHROMIUM_PATH",
    );
  }
}

/** Serves the fixture app on 127.0.0.1 and opens Chromium; everything is closed by `close()`. */
async function setup() {
  await _requireChromium();
  const ctx = await fixtureContext();
  const app = createApp({ ctx });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  await Deno.mkdir(SHOTS, { recursive: true });
  return {
    base,
    browser,
    async close() {
      await browser.close();
      await server.shutdown();
    },
  };
}

/**
 * A page that records every request and console error, so a test can assert that nothing left
 * 127.0.0.1 (air-gapped) and that the Content-Security-Policy blocked nothing.
 */
async function openPage(context: BrowserContext, base: string, expected404: string[] = []) {
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("console", (m) => {
    const url = m.location().url;
    if (m.type() === "error" && !expected404.some((p) => url === `${base}${p}`)) {
      errors.push(`${m.text()} (${url})`);
    }
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return {
    page,
    assertClean() {
      const foreign = requests.filter((u) => !u.startsWith(`${base}/`));
      assert.deepEqual(foreign, [], "requests outside the app");
      assert.deepEqual(errors, [], "console errors");
    },
  };
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: new URL(name, SHOTS).pathname, fullPage: true });
}

const opts = { sanitizeOps: false, sanitizeResources: false };

Deno.test({
  name: "browser: search from the home page, open a tool, a server, copy a config, sort prices",
  ...opts,
  async fn(t) {
    const env = await setup();
    try {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.base });
      const { page, assertClean } = await openPage(context, env.base, ["/tools/nope"]);

      await t.step("search from the home page", async () => {
        await page.goto(`${env.base}/`);
        assert.equal(await page.locator("h1").textContent(), "Find AI tools and MCP servers");
        await page.getByLabel("Search AI tools").fill("transcription");
        await page.getByLabel("Search AI tools").press("Enter");
        await page.waitForURL(/\?kind=tools&q=transcription/);
        const links = await page.locator("li.result h3 a").allTextContents();
        assert.deepEqual(links.sort(), ["NoteTaker", "Scribe"]);
        await shot(page, "home-search.png");
      });

      await t.step("open a tool page from the results", async () => {
        await page.getByRole("link", { name: "Scribe", exact: true }).click();
        await page.waitForURL(`${env.base}/tools/scribe`);
        assert.equal(await page.locator("h1").textContent(), "Scribe");
        assert.ok(await page.getByRole("heading", { name: "Key features" }).isVisible());
        await shot(page, "tool.png");
      });

      await t.step("open a server page and copy its Cursor config", async () => {
        await page.goto(`${env.base}/?kind=servers`);
        await page.getByLabel("Hosting").selectOption("local");
        await page.getByRole("button", { name: "Search" }).click();
        await page.waitForURL(/hosting=local/);
        await page.getByRole("link", { name: "Postgres", exact: true }).click();
        await page.waitForURL(`${env.base}/servers/io.github.acme/postgres`);
        assert.equal(await page.locator("h1").textContent(), "Postgres");
        const button = page.getByRole("button", { name: "Copy the Cursor configuration" });
        assert.ok(await button.isVisible(), "the script reveals the copy button");
        await button.click();
        await page.getByText("Copied!").first().waitFor();
        const copied = String(await page.evaluate("navigator.clipboard.readText()"));
        const shown = await page.locator("#cfg-cursor").textContent();
        assert.equal(copied, shown);
        assert.deepEqual(Object.keys(JSON.parse(copied).mcpServers), ["postgres"]);
        assert.equal(
          await page.locator("#cfg-cursor-status").textContent(),
          "Copied to the clipboard",
        );
        await shot(page, "server.png");
      });

      await t.step("sort the prices table by clicking its headers", async () => {
        await page.goto(`${env.base}/llm-prices`);
        const rows = () => page.locator("#prices tbody tr td:nth-child(2)").allTextContents();
        assert.equal((await rows()).length, 2);
        await page.getByRole("link", { name: /^Input/ }).click();
        await page.waitForURL(/sort=input$/);
        const ascending = await rows();
        assert.match(ascending[0]!, /gpt-test/);
        assert.equal(
          await page.locator("th[aria-sort]").getAttribute("aria-sort"),
          "ascending",
        );
        await page.getByRole("link", { name: /^Input/ }).click();
        await page.waitForURL(/sort=input&dir=desc/);
        const descending = await rows();
        assert.deepEqual(descending, [...ascending].reverse());
        assert.equal(
          await page.locator("th[aria-sort]").getAttribute("aria-sort"),
          "descending",
        );
        await shot(page, "prices.png");
      });

      await t.step("taxonomy and API docs pages render", async () => {
        await page.goto(`${env.base}/taxonomy`);
        await page.getByRole("link", { name: "Create" }).click();
        await page.waitForURL(`${env.base}/taxonomy/create`);
        assert.equal(await page.locator("h1").textContent(), "Create");
        await shot(page, "taxonomy.png");
        await page.getByRole("link", { name: "API docs" }).click();
        await page.waitForURL(`${env.base}/docs`);
        assert.equal(await page.locator("h1").textContent(), "API documentation");
        await shot(page, "docs.png");
      });

      await t.step("an unknown tool shows the 404 page", async () => {
        const res = await page.goto(`${env.base}/tools/nope`);
        assert.equal(res?.status(), 404);
        assert.equal(await page.locator("h1").textContent(), "Not found");
        await shot(page, "not-found.png");
      });

      assertClean();
      await context.close();
    } finally {
      await env.close();
    }
  },
});

Deno.test({
  name: "browser: without JavaScript the search works and configs stay visible in <pre>",
  ...opts,
  async fn() {
    const env = await setup();
    try {
      const context = await env.browser.newContext({ javaScriptEnabled: false });
      const { page, assertClean } = await openPage(context, env.base);
      await page.goto(`${env.base}/?kind=servers`);
      await page.getByLabel("Search MCP servers").fill("postgres");
      await page.getByLabel("Search MCP servers").press("Enter");
      await page.waitForURL(/q=postgres/);
      await page.getByRole("link", { name: "Postgres", exact: true }).click();
      await page.waitForURL(/\/servers\/io\.github\.acme\/postgres$/);
      const pre = page.locator("#cfg-cursor");
      assert.ok(await pre.isVisible());
      assert.match((await pre.textContent())!, /"mcpServers"/);
      assert.equal(await page.locator('button[data-copy-target="cfg-cursor"]').isVisible(), false);
      await shot(page, "server-no-js.png");
      assertClean();
      await context.close();
    } finally {
      await env.close();
    }
  },
});
