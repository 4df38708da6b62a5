/**
 * The direction of a conversion task, from the words of a query or an entry: "generate images
 * from text prompts" and "text to image" go text → image; "Img2prompt" and "get prompts from
 * images" go image → text. Ranking (`ranking.ts`) uses it to keep tools for the inverse task
 * out of the first results: their words are the same, so neither BM25 nor the embedding tells
 * them apart (issue 30: the example above recommended Img2prompt with confidence high).
 *
 * Only what the words say plainly counts: a medium (`text`, `image`, `video`, `audio`, `code`,
 * `document`, `slides`, `3d`) on each side of `to`, `2`, `into` or `→`, or after `from` /
 * `out of` with the other medium before. A text with no such phrase has no direction, and an
 * entry that also does the task the query asks for is never inverse.
 *
 * @module
 */

/** Words of each medium, as whole words (singular; a plural `s` is accepted). */
const MEDIA: Record<string, readonly string[]> = {
  text: [
    "text",
    "prompt",
    "word",
    "description",
    "caption",
    "transcript",
    "script",
    "subtitle",
    "note",
    "summary",
    "essay",
    "article",
    "story",
    "blog",
    "post",
  ],
  image: [
    "image",
    "img",
    "picture",
    "pic",
    "photo",
    "art",
    "artwork",
    "drawing",
    "illustration",
    "painting",
    "sketch",
    "logo",
  ],
  video: ["video", "clip", "movie", "film", "animation", "vid"],
  audio: ["audio", "voice", "speech", "sound", "podcast", "music", "song", "voiceover", "tts"],
  code: ["code", "html", "css", "sql", "program"],
  document: ["pdf", "document", "doc", "docx", "spreadsheet", "excel", "csv"],
  slides: ["slide", "slideshow", "presentation", "deck", "powerpoint", "ppt"],
  "3d": ["3d", "mesh", "model3d"],
};

const _medium = new Map<string, string>();
for (const [medium, words] of Object.entries(MEDIA)) {
  for (const w of words) {
    _medium.set(w, medium);
    _medium.set(`${w}s`, medium);
  }
}

/** A conversion: from one medium to another. */
export interface Direction {
  from: string;
  to: string;
}

/**
 * The medium a word names (`images` → `image`), or undefined.
 *
 * @param word a lowercase word
 * @returns the medium
 */
export function mediumOf(word: string): string | undefined {
  return _medium.get(word);
}

const _WORD = /[a-z0-9]+/g;
/** Connectives between the source and the target: "text to image", "text into images". */
const _TO = new Set(["to", "2", "into", "→", "->"]);

/**
 * The conversions a text names (each once, in order of appearance).
 *
 * @param text a query or an entry's name and description
 * @returns the directions, `[]` for none
 * @example
 * ```ts
 * directionsOf("generate images from text prompts"); // [{ from: "text", to: "image" }]
 * directionsOf("Img2prompt"); // [{ from: "image", to: "text" }]
 * ```
 */
export function directionsOf(text: string): Direction[] {
  const lower = text.toLowerCase().replace(/→|->/g, " to ");
  // "img2prompt", "text2image", "pdf2text": split a digit 2 between two words of media.
  const words: string[] = [];
  for (const m of lower.matchAll(_WORD)) {
    const w = m[0];
    const two = /^([a-z]+)2([a-z]+)$/.exec(w);
    if (two && mediumOf(two[1]!) && mediumOf(two[2]!)) words.push(two[1]!, "2", two[2]!);
    else words.push(w);
  }
  const found: Direction[] = [];
  const add = (from: string | undefined, to: string | undefined) => {
    if (!from || !to || from === to) return;
    if (!found.some((d) => d.from === from && d.to === to)) found.push({ from, to });
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (_TO.has(w)) {
      // "text to image", "turn my photos into a video", "speech to text": the medium right
      // before, and the first medium within two words after.
      const before = mediumOf(words[i - 1] ?? "");
      const after = _firstMedium(words, i + 1, 3);
      add(before, after);
    } else if (w === "from" || (w === "out" && words[i + 1] === "of")) {
      // "images from text prompts", "a video out of my photos": the medium right before (or
      // two words before: "images quickly from"), and the first medium within three words after.
      const before = mediumOf(words[i - 1] ?? "") ?? mediumOf(words[i - 2] ?? "");
      const after = _firstMedium(words, i + (w === "out" ? 2 : 1), 3);
      add(after, before);
    }
  }
  return found;
}

function _firstMedium(words: string[], start: number, span: number): string | undefined {
  for (let j = start; j < Math.min(words.length, start + span); j++) {
    const m = mediumOf(words[j]!);
    if (m) return m;
  }
  return undefined;
}

/**
 * Whether an entry does the inverse of the query's conversion: the entry names the reverse of a
 * direction of the query and none of the query's directions.
 *
 * @param query the query's directions ({@link directionsOf})
 * @param entry the entry's directions
 * @returns true for an entry that converts the other way only
 */
export function isInverse(query: readonly Direction[], entry: readonly Direction[]): boolean {
  if (query.length === 0 || entry.length === 0) return false;
  const has = (from: string, to: string) => entry.some((d) => d.from === from && d.to === to);
  if (query.some((d) => has(d.from, d.to))) return false;
  return query.some((d) => has(d.to, d.from));
}
