/**
 * No dead link in the project's Markdown: every relative link of `README.md` and `docs/*.md` points
 * at a file or folder of the repository, and every `#anchor` names a heading of its page, with
 * the anchors GitHub and the site make (`markdownHeadings` of `src/site/markdown.ts`).
 *
 * @module
 */
import assert from "node:assert/strict";
import { isRelativeLink, markdownHeadings, markdownLinks } from "../src/site/markdown.ts";
import { tempDir } from "./_temp.ts";

const ROOT = new URL("../", import.meta.url);

/** The Markdown files checked: `README.md` and every `docs/*.md`, relative to the root. */
async function markdownFiles(root: URL): Promise<string[]> {
  const files = ["README.md"];
  for await (const entry of Deno.readDir(new URL("docs/", root))) {
    if (entry.isFile && entry.name.endsWith(".md")) files.push(`docs/${entry.name}`);
  }
  return files.sort();
}

async function _exists(url: URL): Promise<boolean> {
  try {
    await Deno.stat(url);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

/**
 * The dead relative links of some Markdown files, as `file: target (why)`.
 *
 * @param root the repository root (a folder URL)
 * @param files the files to check, relative to the root
 */
async function deadLinks(root: URL, files: string[]): Promise<string[]> {
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = async (url: URL) => {
    let ids = anchors.get(url.href);
    if (!ids) {
      ids = new Set(markdownHeadings(await Deno.readTextFile(url)).map((h) => h.id));
      anchors.set(url.href, ids);
    }
    return ids;
  };
  const dead: string[] = [];
  for (const file of files) {
    const page = new URL(file, root);
    for (const href of markdownLinks(await Deno.readTextFile(page))) {
      if (!isRelativeLink(href)) continue;
      const hash = href.indexOf("#");
      const path = hash === -1 ? href : href.slice(0, hash);
      const fragment = hash === -1 ? "" : decodeURIComponent(href.slice(hash + 1));
      const target = path === "" ? page : new URL(path, page);
      if (!target.href.startsWith(root.href)) {
        dead.push(`${file}: ${href} (outside the repository)`);
      } else if (!await _exists(target)) {
        dead.push(`${file}: ${href} (no such file)`);
      } else if (fragment !== "" && target.pathname.endsWith(".md")) {
        if (!(await anchorsOf(target)).has(fragment)) {
          dead.push(`${file}: ${href} (no such heading)`);
        }
      }
    }
  }
  return dead;
}

Deno.test("docs links: the checker finds a missing file, a missing heading and one outside", async () => {
  const dir = await tempDir({ prefix: "toolatlas-links-" });
  const root = new URL(`file://${dir}/`);
  await Deno.mkdir(new URL("docs/", root));
  await Deno.writeTextFile(
    new URL("README.md", root),
    "# Title\n\n[ok](docs/a.md#the-q-parameter) [gone](docs/b.md) [bad](docs/a.md#nope)\n" +
      "[self](#title) [up](../x.md) [web](https://example.com/x.md) `[code](nowhere.md)`\n",
  );
  await Deno.writeTextFile(
    new URL("docs/a.md", root),
    "# A\n\n## The `q` parameter\n\n[back](../README.md#title) [here](#a)\n",
  );
  assert.deepEqual(await deadLinks(root, await markdownFiles(root)), [
    "README.md: docs/b.md (no such file)",
    "README.md: docs/a.md#nope (no such heading)",
    "README.md: ../x.md (outside the repository)",
  ]);
});

Deno.test("docs links: every relative link of README.md and docs/*.md is alive", async () => {
  const files = await markdownFiles(ROOT);
  assert.ok(files.length > 10, `${files.length} files`);
  assert.deepEqual(await deadLinks(ROOT, files), []);
});
