/**
 * Browser test of the guides (`/docs/{page}`): Debian's Chromium (`playwright-core`) on the
 * fixture app opens three guides, reads their headings and table of contents against the
 * Markdown files, and follows a table-of-contents link to its section. Screenshots go to
 * `test-output/screenshots/`.
 *
 * @module
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { chromium } from "./_playwright.ts";
import { createApp } from "../../src/http/app.ts";
import { markdownHeadings } from "../../src/site/markdown.ts";
import { fixtureContext } from "../fixtures/catalog.ts";

const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
const SHOTS = new URL("../../test-output/screenshots/", import.meta.url);
const DOCS = new URL("../../docs/", import.meta.url);

/** The guides opened: one with nested sections, one with a generated section, one of plain sections. */
const PAGES = ["install-configs", "rest-api", "reviews"];

/** Trimmed texts of the elements a selector finds. */
async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
}

Deno.test({
  name: "browser: guides show their headings and a table of contents whose links reach them",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const app = createApp({ ctx: await fixtureContext() });
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
    const base = `http://127.0.0.1:${server.addr.port}`;
    const browser: Browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    await Deno.mkdir(SHOTS, { recursive: true });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));

      for (const name of PAGES) {
        await t.step(`/docs/${name}: headings and table of contents`, async () => {
          const headings = markdownHeadings(
            await Deno.readTextFile(new URL(`${name}.md`, DOCS)),
          );
          const res = await page.goto(`${base}/docs/${name}`);
          assert.equal(res?.status(), 200);
          const h1 = headings.find((h) => h.depth === 1)!;
          assert.deepEqual(await texts(page, "main h1"), [h1.text]);
          assert.equal(await page.title(), `${h1.text} · toolatlas`);
          const h2 = headings.filter((h) => h.depth === 2);
          assert.ok(h2.length >= 2, `${name} has sections`);
          assert.deepEqual(await texts(page, "article h2"), h2.map((h) => h.text));
          assert.deepEqual(
            await page.locator("article h2").evaluateAll((els) => els.map((e) => e.id)),
            h2.map((h) => h.id),
          );
          const toc = page.getByRole("navigation", { name: "On this page" });
          assert.ok(await toc.isVisible());
          const entries = headings.filter((h) => h.depth === 2 || h.depth === 3);
          assert.deepEqual(
            (await toc.getByRole("link").allInnerTexts()).map((s) => s.trim()),
            entries.map((h) => h.text),
          );
          assert.deepEqual(
            await toc.getByRole("link").evaluateAll((els) =>
              els.map((e) => e.getAttribute("href"))
            ),
            entries.map((h) => `#${h.id}`),
          );
          // The footer links the guides and the OpenAPI reference.
          const footer = page.locator("footer");
          assert.equal(
            await footer.getByRole("link", { name: "Guides" }).getAttribute("href"),
            "/docs/guides",
          );
          assert.equal(
            await footer.getByRole("link", { name: "API reference (OpenAPI)" }).getAttribute(
              "href",
            ),
            "/docs",
          );
        });

        await t.step(`/docs/${name}: a table-of-contents link scrolls to its section`, async () => {
          await page.goto(`${base}/docs/${name}`);
          const links = page.getByRole("navigation", { name: "On this page" }).getByRole("link");
          const count = await links.count();
          const link = links.nth(Math.floor(count / 2));
          const href = (await link.getAttribute("href"))!;
          const target = page.locator(`[id="${href.slice(1)}"]`);
          const before = await target.evaluate((e) => e.getBoundingClientRect().top);
          assert.ok(before > 900, `${href} starts below the first screen (${before})`);
          await link.click();
          await page.waitForFunction((h) => location.hash === h, href);
          const top = await target.evaluate((e) => e.getBoundingClientRect().top);
          // `scroll-margin-top: 1rem` keeps 16 px above the heading.
          assert.ok(top >= 0 && top < 40, `${href} at ${top} px from the top`);
          await page.screenshot({ path: new URL(`docs-${name}.png`, SHOTS).pathname });
        });
      }

      await t.step("the list of guides links each page by its first heading", async () => {
        await page.goto(`${base}/docs/guides`);
        await page.getByRole("link", { name: "Install configs", exact: true }).click();
        await page.waitForURL(`${base}/docs/install-configs`);
        assert.deepEqual(await texts(page, "main h1"), ["Install configs"]);
      });
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await server.shutdown();
    }
  },
});
