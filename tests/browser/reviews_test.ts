/**
 * Browser test of users' reviews on the site: the form and the list on a tool page and a server
 * page, in Debian's Chromium driven by `playwright-core` against the app (access control and the
 * review store on an in-memory KV) served on 127.0.0.1. Screenshots go to
 * `test-output/screenshots/`. Needs Chromium as `tests/browser/browser_test.ts` does.
 *
 * @module
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { chromium } from "./_playwright.ts";
import { openAccess } from "../../src/access/access.ts";
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

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: new URL(name, SHOTS).pathname, fullPage: true });
}

Deno.test({
  name: "browser: a visitor with a key reviews a tool and a server; the pages list them as text",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    try {
      await Deno.stat(CHROMIUM);
    } catch {
      throw new Error(`Cannot run the browser tests: Chromium is not installed at "${CHROMIUM}"`);
    }
    const ctx = await fixtureContext();
    const access = await openAccess({ kvPath: ":memory:" });
    const key = (await access.keys.create("pro", "Browser")).secret;
    const app = createApp({ ctx, access });
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
    const base = `http://127.0.0.1:${server.addr.port}`;
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    await Deno.mkdir(SHOTS, { recursive: true });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const requests: string[] = [];
      const errors: string[] = [];
      page.on("request", (r) => requests.push(r.url()));
      page.on("console", (m) => {
        // The refused write of the wrong-key step is an expected 401.
        if (m.type() === "error" && !/status of 401/.test(m.text())) errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      const status = page.locator("[data-review-status]");

      await t.step("a tool page shows the section and, with the script, the form", async () => {
        await page.goto(`${base}/tools/scribe`);
        assert.ok(await page.getByRole("heading", { name: "User reviews" }).isVisible());
        assert.ok(await page.getByText("No reviews yet.").isVisible());
        assert.ok(await page.getByRole("button", { name: "Save review" }).isVisible());
        // Source ratings stay apart, under their own heading.
        assert.ok(
          await page.getByRole("heading", { name: "Ratings from other sites" }).isVisible(),
        );
      });

      await t.step(
        "a wrong key is refused with the API's message and nothing is shown",
        async () => {
          await page.getByLabel("API key").fill(`sk_svc_${"Z".repeat(32)}`);
          await page.getByLabel("4 ★").check();
          await page.getByRole("button", { name: "Save review" }).click();
          await status.filter({ hasText: /key/i }).waitFor();
          assert.match((await status.textContent())!, /key/i);
          assert.ok(await page.getByText("No reviews yet.").isVisible());
        },
      );

      await t.step(
        "saving a review reloads the page with it, markup and links as text",
        async () => {
          await page.getByLabel("API key").fill(key);
          await page.getByLabel("4 ★").check();
          await page.getByLabel("Title (optional)").fill("<b>Clear</b> notes");
          await page.getByLabel("Review (optional, plain text)").fill(
            "Works well.\nSee https://example.com/x <script>alert(1)</script>",
          );
          await Promise.all([
            page.waitForEvent("load"),
            page.getByRole("button", { name: "Save review" }).click(),
          ]);
          await page.locator("li.review").waitFor();
          assert.match(
            (await page.locator(".review-summary").textContent())!,
            /4 out of 5 from 1 review/,
          );
          assert.equal(await page.locator(".review-title").textContent(), "<b>Clear</b> notes");
          const text = page.locator(".review-text");
          assert.equal(
            await text.innerText(),
            "Works well.\nSee https://example.com/x <script>alert(1)</script>",
          );
          assert.equal(await page.locator("li.review a").count(), 0, "no link in a review");
          assert.equal(await page.locator("li.review b, li.review script").count(), 0);
          await shot(page, "tool-reviews.png");
          await page.locator("#reviews").screenshot({
            path: new URL("tool-reviews-section.png", SHOTS).pathname,
          });
        },
      );

      await t.step("a server review says it worked, with which client", async () => {
        await page.goto(`${base}/servers/io.github.acme/postgres`);
        await page.getByLabel("API key").fill(key);
        await page.getByLabel("5 ★").check();
        await page.getByLabel("Did it work for you?").selectOption("true");
        await page.getByLabel("MCP client used").selectOption("cursor");
        await page.getByLabel("Version used (optional)").fill("1.2.0");
        await Promise.all([
          page.waitForEvent("load"),
          page.getByRole("button", { name: "Save review" }).click(),
        ]);
        await page.locator("li.review").waitFor();
        assert.match(
          (await page.locator(".review-summary").textContent())!,
          /5 out of 5 from 1 review · worked for 1 of 1 reviewers/,
        );
        assert.match(
          (await page.locator("li.review").textContent())!,
          /worked · with cursor · version 1\.2\.0/,
        );
        await shot(page, "server-reviews.png");
        await page.locator("#reviews").screenshot({
          path: new URL("server-reviews-section.png", SHOTS).pathname,
        });
      });

      await t.step("deleting the review empties the list again", async () => {
        await page.goto(`${base}/tools/scribe`);
        await page.getByLabel("API key").fill(key);
        await Promise.all([
          page.waitForEvent("load"),
          page.getByRole("button", { name: "Delete my review" }).click(),
        ]);
        await page.getByText("No reviews yet.").waitFor();
        assert.equal(await page.locator("li.review").count(), 0);
      });

      await t.step("without the script the list shows and the form stays hidden", async () => {
        const plain = await browser.newContext({ javaScriptEnabled: false });
        const p = await plain.newPage();
        await p.goto(`${base}/servers/io.github.acme/postgres`);
        assert.equal(await p.locator("li.review").count(), 1);
        assert.equal(await p.getByRole("button", { name: "Save review" }).isVisible(), false);
        assert.ok(
          await p.getByText("POST /api/v1/servers/io.github.acme/postgres/reviews").isVisible(),
        );
        await plain.close();
      });

      assert.deepEqual(requests.filter((u) => !u.startsWith(`${base}/`)), [], "air-gapped");
      assert.deepEqual(errors, [], "console errors (the CSP blocked nothing)");
      await context.close();
    } finally {
      await browser.close();
      await server.shutdown();
      access.kv.close();
    }
  },
});
