import assert from "node:assert/strict";
import { ABOUT_CHARS, aboutText, toolText } from "../../src/ingest/embed_entries.ts";
import type { CatalogTool } from "../../src/model/tool.ts";

const tool = (description: string, longDescription?: string, useCases: string[] = []) =>
  ({
    slug: "x",
    name: "X",
    description,
    ...(longDescription !== undefined && { longDescription }),
    categories: ["Chatbot"],
    tags: ["Chat"],
    keyFeatures: [],
    useCases,
  }) as unknown as CatalogTool;

Deno.test("a short description takes the start of a long one that says something else", () => {
  const t = tool(
    "Talk to Claude, an AI assistant from Anthropic.",
    "Our most powerful model, which excels at a wide range of tasks from dialogue to coding.",
    ["Draft emails"],
  );
  assert.equal(
    aboutText(t),
    " Our most powerful model, which excels at a wide range of tasks from dialogue to coding.",
  );
  assert.equal(
    toolText(t),
    "X. Talk to Claude, an AI assistant from Anthropic. Our most powerful model, which excels at " +
      "a wide range of tasks from dialogue to coding. Categories: Chatbot. Tags: Chat. Uses: Draft emails.",
  );
});

Deno.test("no about text for a long description, a repeat, or nothing to add", () => {
  const long = "A".repeat(130);
  assert.equal(aboutText(tool(long, "Something else entirely")), "");
  // The long text repeats the short one (a source's truncated copy).
  assert.equal(
    aboutText(tool("Create product photos in minutes…", "Create product photos in minutes. More.")),
    "",
  );
  assert.equal(aboutText(tool("Short one.")), "");
  assert.equal(toolText(tool("Short one.")), "X. Short one. Categories: Chatbot. Tags: Chat.");
});

Deno.test("the about text is cut at a word boundary", () => {
  const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");
  const about = aboutText(tool("Short.", words));
  assert.ok(about.length <= ABOUT_CHARS + 2);
  assert.ok(/ word\d+\.$/.test(about), about);
});
