/**
 * Content signals of a catalog entry, found at ingest (`src/ingest/content_flags.ts`).
 *
 * @module
 */
import { z } from "zod";

/**
 * Adult and spam signals: adult entries are hidden from search, recommendations, alternatives and
 * the site unless `safe=off`; spam and parked entries rank last.
 */
export const ContentFlags = z.object({
  /** Reasons the entry is adult or NSFW, e.g. `["word \"nsfw\" in name"]`; empty when not. */
  adult: z.array(z.string()),
  /** Reasons the entry is a parked domain, spam or a placeholder; empty when not. */
  spam: z.array(z.string()),
});
/** See {@link ContentFlags}. */
export type ContentFlags = z.infer<typeof ContentFlags>;
