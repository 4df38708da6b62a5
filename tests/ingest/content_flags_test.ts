import assert from "node:assert/strict";
import { contentFlags, flagAll } from "../../src/ingest/content_flags.ts";

const flags = (name: string, description = "", categories: string[] = [], url?: string) =>
  contentFlags({ name, description, categories, ...(url !== undefined && { url }) });

Deno.test("adult entries are found by source category, a word in the name or the description", () => {
  assert.deepEqual(
    flags("Candy", "Your dream companion", ["Nsfw - Nudify & Ai Girlfriends"]).adult,
    [
      'source category "Nsfw - Nudify & Ai Girlfriends"',
    ],
  );
  assert.deepEqual(flags("Undress Pro AI", "Edit photos").adult, ['word "undress" in the name']);
  assert.equal(flags("Muah AI", "NSFW chat and NSFW photos with your AI").adult.length, 1);
  // One explicit word needs companion-chat words around it.
  assert.equal(
    flags("Bot", "supports nsfw conversations with your virtual girlfriend").adult.length,
    1,
  );
  assert.deepEqual(flags("Stormi", "Generate art in many styles, nsfw art among others").adult, []);
});

Deno.test("innocent names are not adult: whole words only, and moderation is not adult content", () => {
  assert.deepEqual(flags("Stripe Atlas", "Company incorporation").adult, []);
  assert.deepEqual(flags("Audio Strip", "Isolate vocals").adult, []);
  assert.deepEqual(flags("Tutor", "For children and experienced adult learners").adult, []);
  assert.deepEqual(flags("NSFW Checker", "Checks if an image is NSFW or not").adult, []);
  assert.deepEqual(flags("NSFW JS", "A library to identify unseemly images").adult, []);
});

Deno.test("companion and dating apps with sexual content in any source text are adult", () => {
  assert.deepEqual(
    flags("Eva AI", "A virtual AI partner that builds a relationship of intimacy").adult,
    ['companion or dating app ("ai partner") with sexual content ("intimacy")'],
  );
  // The sexual word may come from another source's text than the chosen description.
  assert.deepEqual(
    contentFlags({
      name: "Roleplay Studio",
      description: "AI role-play chat and story generator.",
      categories: [],
      sourceTexts: ["No rules, no restrictions, just your imagination."],
    }).adult,
    ['companion or dating app ("roleplay") with sexual content ("no restrictions")'],
  );
  assert.deepEqual(flags("DreamGF", "AI-driven virtual girlfriend generator").adult, [
    'virtual romantic partner ("virtual girlfriend")',
  ]);
  assert.deepEqual(flags("Kupid", "Explore AI Soulmates").adult, [
    'virtual romantic partner ("ai soulmates")',
  ]);
});

Deno.test("companion, dating and romance without sexual content are not adult", () => {
  assert.deepEqual(flags("Replika", "Always here to listen and talk. Your AI friend.").adult, []);
  assert.deepEqual(flags("Greynights", "An AI companion for seniors, by phone").adult, []);
  assert.deepEqual(flags("Date Planner", "Date night ideas for couples").adult, []);
  assert.deepEqual(flags("Wingman", "Your AI dating assistant for Tinder and Hinge").adult, []);
  assert.deepEqual(flags("Waifu Labs", "Generate anime portraits of waifus").adult, []);
  assert.deepEqual(
    flags("Poem Writer", "Romantic poems for your lover on your anniversary").adult,
    [],
  );
  // A companion app about keeping chats safe names sexual content only to filter it.
  assert.deepEqual(
    flags("SafeChat", "A kids' companion app that filters sexual content from chats").adult,
    [],
  );
});

Deno.test("spam: parked domains, unrelated promotion and template placeholders", () => {
  assert.deepEqual(flags("Acme", "This domain is for sale").spam, [
    "parked: a domain-for-sale page",
  ]);
  assert.deepEqual(
    flags("Acme", "", [], "https://www.hugedomains.com/domain_profile.cfm?d=acme").spam,
    [
      "parked: hosted on www.hugedomains.com",
    ],
  );
  assert.equal(flags("Datalang", "Nhà Cái UY88 Com Chính Thức, casino").spam.length, 1);
  // Gambling is the subject of a sports-betting server: no promotion.
  assert.deepEqual(flags("Sports Betting MCP", "Live odds and betting lines").spam, []);
  assert.deepEqual(flags("MCP Hello World Server", "An example server").spam, [
    "placeholder: a template name",
  ]);
  assert.deepEqual(flags("owner/mcp-test", "").spam, ["placeholder: a template name"]);
  assert.deepEqual(flags("Weather", "Description of my MCP server").spam, [
    "placeholder: a template description",
  ]);
  assert.deepEqual(
    flags("Lorem Ipsum Generator", "Generates lorem ipsum placeholder text").spam,
    [],
  );
  assert.deepEqual(flags("mcp-template", "A starter template").spam, []);
});

Deno.test("flagAll sets content only on flagged entries and counts reasons by kind", () => {
  const entries: { name: string; content?: { adult: string[]; spam: string[] } }[] = [
    { name: "Hentai Generator" },
    { name: "Test Server" },
    { name: "Scribe" },
  ];
  const stats = flagAll(entries, (e) => ({ name: e.name, description: "", categories: [] }));
  assert.deepEqual(stats, {
    adult: 1,
    adultBy: { name: 1 },
    spam: 1,
    spamBy: { placeholder: 1 },
  });
  assert.equal(entries[2]!.content, undefined);
  assert.deepEqual(entries[0]!.content!.adult, ['word "hentai" in the name']);
});
