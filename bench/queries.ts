/**
 * Distinct, realistic search queries generated from the catalog's own text with a fixed seed, for
 * the distinct-query mode of `deno task bench` (every request misses every cache).
 *
 * Each query is built from one entry picked at random (seeded): a run of two to four consecutive
 * content words of its description, features, tags or tool names (stopwords and one-letter words
 * skipped), sometimes prefixed with a word of its name, the way a person types a need into a
 * directory ("browser automation screenshots", "transcribe podcast audio"). Recommendation
 * requests are those phrases in a sentence ("I need a tool to transcribe podcast audio"). The same
 * seed gives the same queries on every machine; no query is repeated within a list or across the
 * lists of one {@link generateQueries} call.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { mulberry32 } from "../tests/_sample.ts";

/** Words that make a query look generated rather than typed. */
const STOP = new Set(
  ("a an and are as at be by can do for from get has have how i in into is it its of on or our " +
    "that the their them this to with you your we will which what all any more most other such " +
    "than then these they this those use uses using used via also just only over under about " +
    "across within without between while where when who whose allows allow enables enable lets " +
    "provides provide providing based simple easy powerful seamless seamlessly etc e g mcp server " +
    "servers model context protocol tool tools ai")
    .split(" "),
);

/** Sentence frames of recommendation requests. */
const FRAMES = [
  "I need a tool to {}",
  "help me {}",
  "something that can {}",
  "looking for software for {}",
  "which AI tool is best for {}",
  "recommend a tool for {}",
  "an app that does {}",
  "I want to automate {}",
];

/** The query lists of one run. */
export interface QuerySet {
  /** Tool searches (`/api/v1/tools?q=`). */
  tools: string[];
  /** Server searches (`/api/v1/servers?q=`). */
  servers: string[];
  /** Recommendation requests (`POST /api/v1/tools/recommend`). */
  recommend: string[];
}

/** Lowercase words of letters and digits. */
function _words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}+#]+/u).filter((w) => w.length > 0);
}

/** Runs of consecutive content words of a text (each 2-6 words long). */
function _runs(text: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const w of _words(text)) {
    const content = w.length > 1 && !STOP.has(w) && !/^\d+$/.test(w) && w.length <= 20;
    if (content) run.push(w);
    else {
      if (run.length >= 2) runs.push(run);
      run = [];
    }
  }
  if (run.length >= 2) runs.push(run);
  return runs;
}

/** A phrase of 2-4 words from one of the texts, or `undefined`. */
function _phrase(texts: string[], random: () => number): string | undefined {
  const runs = texts.flatMap(_runs);
  if (runs.length === 0) return undefined;
  const run = runs[Math.floor(random() * runs.length)]!;
  const len = Math.min(run.length, 2 + Math.floor(random() * 3));
  const start = Math.floor(random() * (run.length - len + 1));
  return run.slice(start, start + len).join(" ");
}

/** The texts of one catalog row a query may be drawn from, and a name word. */
interface _Source {
  texts: string[];
  name: string;
}

function _toolSources(db: DatabaseSync): _Source[] {
  return (db.prepare("SELECT doc FROM tools WHERE adult = 0 ORDER BY id").all() as {
    doc: string;
  }[]).map(({ doc }) => {
    const t = JSON.parse(doc) as {
      name: string;
      description: string;
      keyFeatures?: string[];
      tags?: string[];
    };
    return {
      texts: [t.description, ...(t.keyFeatures ?? []), (t.tags ?? []).join(" ")],
      name: t.name,
    };
  });
}

function _serverSources(db: DatabaseSync): _Source[] {
  return (db.prepare(
    "SELECT doc FROM servers WHERE adult = 0 AND canonical_id IS NULL ORDER BY id",
  ).all() as { doc: string }[]).map(({ doc }) => {
    const s = JSON.parse(doc) as {
      title: string;
      description: string;
      tools?: { name: string }[];
      tags?: string[];
    };
    return {
      texts: [
        s.description,
        (s.tags ?? []).join(" "),
        ...(s.tools ?? []).slice(0, 5).map((t) => t.name.replace(/[_-]+/g, " ")),
      ],
      name: s.title,
    };
  });
}

/**
 * Draws `count` distinct queries from the sources, none in `taken` (which grows with them).
 *
 * @throws {Error} when the sources cannot give that many distinct queries
 */
function _draw(
  sources: _Source[],
  count: number,
  random: () => number,
  taken: Set<string>,
  shape: (phrase: string, source: _Source) => string,
): string[] {
  const out: string[] = [];
  for (let attempts = 0; out.length < count; attempts++) {
    if (attempts > count * 50) {
      throw new Error(`Cannot draw ${count} distinct queries (got ${out.length})`);
    }
    const source = sources[Math.floor(random() * sources.length)]!;
    const phrase = _phrase(source.texts, random);
    if (phrase === undefined) continue;
    const q = shape(phrase, source);
    if (q.length > 80 || taken.has(q)) continue;
    taken.add(q);
    out.push(q);
  }
  return out;
}

/**
 * Generates distinct tool, server and recommendation queries from a catalog.
 *
 * @param catalogPath path of `catalog.db`
 * @param count queries per list
 * @param seed PRNG seed (default 14)
 * @returns the lists; no query appears twice across them
 * @throws {Error} when the catalog cannot be read or is too small for `count` distinct queries
 * @example
 * ```ts
 * const { servers } = generateQueries("data/catalog.db", 2000);
 * ```
 */
export function generateQueries(catalogPath: string, count: number, seed = 14): QuerySet {
  const db = new DatabaseSync(catalogPath, { readOnly: true });
  try {
    const random = mulberry32(seed);
    const taken = new Set<string>();
    const tools = _toolSources(db);
    const servers = _serverSources(db);
    const nameWord = (s: _Source) => _words(s.name).find((w) => w.length > 2 && !STOP.has(w));
    return {
      tools: _draw(tools, count, random, taken, (p) => p),
      servers: _draw(servers, count, random, taken, (p, s) => {
        // One query in four names the product first, as people search a known service.
        const word = random() < 0.25 ? nameWord(s) : undefined;
        return word !== undefined && !p.includes(word) ? `${word} ${p}` : p;
      }),
      recommend: _draw(
        tools,
        count,
        random,
        taken,
        (p) => FRAMES[Math.floor(random() * FRAMES.length)]!.replace("{}", p),
      ),
    };
  } finally {
    db.close();
  }
}
