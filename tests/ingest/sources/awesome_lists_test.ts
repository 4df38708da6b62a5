import assert from "node:assert/strict";
import { adapters } from "../../../src/ingest/sources/awesome_lists.ts";
import {
  assertCounts,
  assertMissingSourceThrows,
  assertNoPlaceholders,
  readFixture,
  readSource,
} from "./_helpers.ts";

const mahseema = adapters.find((a) => a.info.id === "mahseema-awesome-ai-tools")!;
const steven = adapters.find((a) => a.info.id === "steven2358-awesome-generative-ai")!;

Deno.test("awesome lists: the module exports exactly the two list adapters with their licences", () => {
  assert.deepEqual(adapters.map((a) => [a.info.id, a.info.license, a.info.kind]), [
    ["mahseema-awesome-ai-tools", "MIT", "ai-tools"],
    ["steven2358-awesome-generative-ai", "CC0", "ai-tools"],
  ]);
});

Deno.test("mahseema: reads 441 bullets, keeps 393 tools and says why it skipped the rest", async () => {
  const { records: tools, report } = await readSource(mahseema);
  assertCounts({ records: tools, report }, {
    read: 441,
    kept: 393,
    skipped: { toc: 12, other_list: 15, duplicate: 6, learning_resource: 15 },
  });
  assert.ok(tools.every((t) => t.url?.startsWith("http")));
  assertNoPlaceholders(tools);
});

Deno.test("mahseema: strips review links, '#opensource' and ?ref= from bullets", async () => {
  const { records: tools } = await readSource(mahseema);
  const chatgpt = tools.find((t) => t.name === "ChatGPT");
  assert.deepEqual(chatgpt, {
    source: "mahseema-awesome-ai-tools",
    sourceId: "chatgpt.com",
    name: "ChatGPT",
    url: "https://chatgpt.com/",
    description:
      "ChatGPT by OpenAI is a large language model that interacts in a conversational way.",
    categories: ["Chatbots", "Text"],
  });
  const bloom = tools.find((t) => t.name === "Bloom");
  assert.equal(bloom?.pricing, "open_source");
  assert.deepEqual(bloom?.features, ["Open Source"]);
  assert.ok(!bloom?.description?.includes("#opensource"));
  const taplio = tools.find((t) => t.name === "Taplio");
  assert.equal(taplio?.url, "https://taplio.com/");
  const descript = tools.find((t) => t.name === "Descript Overdub");
  assert.match(descript?.description ?? "", /^Seamlessly integrates/);
});

Deno.test("mahseema: bold bullets are read and a link pasted inside a link target is repaired", async () => {
  const { records: tools, report } = await readSource(mahseema);
  const mutiny = tools.find((t) => t.url === "https://www.mutinyhq.com/");
  assert.equal(mutiny?.name, "Mutiny");
  assert.equal(
    mutiny?.description,
    "Personalization platform to improve website conversions using AI.",
  );
  assert.deepEqual(mutiny?.categories, ["Marketing AI Tools", "Audio"]);
  const q = tools.find((t) => t.name === "Amazon Q Developer");
  assert.match(q?.url ?? "", /^https:\/\/aws\.amazon\.com\/q\/developer\/build\//);
  assert.equal(report.counts.cleaned["broken_link_markup"], 1);
});

Deno.test("mahseema: learning resources, other lists and the table of contents are not tools", async () => {
  const { records: tools } = await readSource(mahseema);
  const names = new Set(tools.map((t) => t.name));
  for (const skipped of ["Learn Prompting", "Awesome AI Models", "Roadmap", "There's an AI"]) {
    assert.ok(!names.has(skipped), skipped);
  }
  assert.ok(tools.every((t) => !(t.categories ?? []).includes("Contents")));
});

Deno.test("steven2358: reads README and DISCOVERIES (541 bullets) and keeps 445 tools", async () => {
  const { records: tools, report } = await readSource(steven);
  assertCounts({ records: tools, report }, {
    read: 354 + 187,
    kept: 445,
    skipped: { toc: 21, article: 15, other_list: 29, learning_resource: 28, duplicate: 3 },
    files: 2,
  });
  assertNoPlaceholders(tools);
});

Deno.test("steven2358: the nearest heading is the category; generic 'Services' yields to its parent", async () => {
  const { records: tools } = await readSource(steven);
  assert.deepEqual(tools.find((t) => t.name === "OpenAI API")?.categories, ["Models", "Text"]);
  const leonardo = tools.find((t) => t.url === "https://leonardo.ai/");
  assert.deepEqual(leonardo?.categories, ["Image"]);
  const discovery = tools.find((t) => t.name === "SambaNova");
  assert.deepEqual(discovery?.categories, ["Models", "Text"]);
  // Milestone announcements are articles, not tools.
  assert.ok(!tools.some((t) => t.url === "https://openai.com/blog/chatgpt/"));
});

Deno.test("awesome lists: broken markdown is counted and skipped, never thrown", async () => {
  const read = await readFixture(mahseema, {
    "ai-tools/mahseema-awesome-ai-tools/README.md": [
      "# Awesome",
      "## Contents",
      "- [Text](#text)",
      "## Text",
      "### Chatbots",
      "- [Tom &amp; Jerry](https://tom.ai/?utm_source=x) - *[reviews](#)* - A cat &amp; mouse bot. #opensource",
      "- [](https://nameless.ai) - no name",
      "- [unknown](https://unknown.ai) - unknown",
      "- just text, no link",
      "- [Relative](CONTRIBUTING.md) - a file",
      "- [Tom again](https://www.tom.ai/) - same link",
      "- [Awesome Other](https://github.com/someone/awesome-other) - another list",
      "```",
      "- [In code](https://code.example) - not a bullet",
      "```",
      "## Learning resources",
      "- [Some Course](https://www.coursera.org/learn/x) - A course.",
      "- [PromptTool](https://prompttool.ai) - Tool for prompts.",
    ].join("\n"),
  });
  assertCounts(read, {
    read: 10,
    kept: 2,
    skipped: {
      toc: 1,
      missing_name: 2,
      no_link: 1,
      not_a_tool_link: 1,
      duplicate: 1,
      other_list: 1,
      learning_resource: 1,
    },
  });
  assert.deepEqual(read.records, [
    {
      source: "mahseema-awesome-ai-tools",
      sourceId: "tom.ai",
      name: "Tom & Jerry",
      url: "https://tom.ai/",
      description: "A cat & mouse bot.",
      categories: ["Chatbots", "Text"],
      pricing: "open_source",
      hasFreeTier: true,
      features: ["Open Source"],
    },
    {
      source: "mahseema-awesome-ai-tools",
      sourceId: "prompttool.ai",
      name: "PromptTool",
      url: "https://prompttool.ai/",
      description: "Tool for prompts.",
    },
  ]);
});

Deno.test("awesome lists: a missing file throws NotFound", async () => {
  await assertMissingSourceThrows(steven);
});
