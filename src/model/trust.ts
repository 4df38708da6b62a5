/**
 * The trust score of an MCP server as the catalog keeps and serves it: a 0-100 score, its grade,
 * every component with its points and evidence, and the findings of the tool-description safety
 * scan. The rules that compute it are in `src/ingest/trust.ts`.
 *
 * @module
 */
import { z } from "zod";

/** One line of a trust score: what was checked, what it earned, and why. */
export const TrustComponent = z.object({
  /** Stable id, e.g. `"official_registry"`, `"safety_scan"`. */
  id: z.string().describe("Component id, e.g. official_registry, catalogs, safety_scan"),
  /** Short human label, e.g. `"Official MCP registry"`. */
  label: z.string().describe("Human label of the component"),
  /** Points earned; negative for a penalty. One decimal at most. */
  points: z.number().describe("Points earned; negative for a penalty"),
  /** Most points the component can add (0 for pure penalties). */
  max: z.number().describe("Most points this component can add (0 for pure penalties)"),
  /** What was found, in words, e.g. `"namespace owner acme = repository owner acme"`. */
  evidence: z.string().describe("What was found that earned (or cost) the points"),
}).describe("One component of the trust score");
/** See {@link TrustComponent}. */
export type TrustComponent = z.infer<typeof TrustComponent>;

/** Severity of a safety finding; it sets the penalty (high 25, medium 10, low 3 points). */
export const TrustSeverity = z.enum(["high", "medium", "low"]);
/** See {@link TrustSeverity}. */
export type TrustSeverity = z.infer<typeof TrustSeverity>;

/** One suspicious passage found by the safety scan (`src/ingest/safety_scan.ts`). */
export const TrustFinding = z.object({
  /**
   * Family of the rule: `hidden_instruction`, `instruction_tag`, `sensitive_path`,
   * `exfiltration`, `tool_shadowing`, `invisible_unicode`.
   */
  kind: z.string().describe(
    "Rule family: hidden_instruction, instruction_tag, sensitive_path, exfiltration, tool_shadowing, invisible_unicode",
  ),
  /** How bad the pattern is; sets the penalty. */
  severity: TrustSeverity.describe("Severity; sets the penalty"),
  /** Where the text was: `"description"` or `"tool:<name>"`. */
  where: z.string().describe('Where the text is: "description" or "tool:<name>"'),
  /** At most 120 characters around the match; invisible characters shown as `\u` escapes. */
  excerpt: z.string().describe(
    "Up to 120 characters around the match; invisible characters shown as \\u escapes",
  ),
  /** Rule id, e.g. `"hidden_instruction.ignore_previous"`, `"invisible_unicode.tag_chars"`. */
  rule: z.string().describe("Rule id, e.g. hidden_instruction.ignore_previous"),
}).describe("A suspicious passage in the server's description or tool descriptions");
/** See {@link TrustFinding}. */
export type TrustFinding = z.infer<typeof TrustFinding>;

/** Letter grade of a score: A ≥ 80, B ≥ 65, C ≥ 50, D ≥ 35, else E. */
export const TrustGrade = z.enum(["A", "B", "C", "D", "E"]);
/** See {@link TrustGrade}. */
export type TrustGrade = z.infer<typeof TrustGrade>;

/** The trust score of one server, as stored in the catalog. */
export const TrustScore = z.object({
  /** Version of the scoring rules that produced it. */
  version: z.number().int().describe("Version of the trust rules that produced the score"),
  /** 0-100 integer: the rounded sum of the component points, clamped. */
  score: z.number().int().min(0).max(100).describe("Trust score, 0-100"),
  /** Letter grade of `score`. */
  grade: TrustGrade.describe("Letter grade: A >= 80, B >= 65, C >= 50, D >= 35, else E"),
  /** Every component, in a fixed order, including those that earned 0. */
  components: z.array(TrustComponent).describe(
    "Every component with its points, maximum and evidence",
  ),
  /** Every finding of the safety scan (empty when none). */
  findings: z.array(TrustFinding).describe(
    "Findings of the tool-description safety scan (hidden instructions, invisible characters)",
  ),
  /** ISO 8601 time the score was computed (the ingest time). */
  computedAt: z.string().describe("ISO 8601 time the score was computed"),
}).describe("Trust score of an MCP server with its components and safety findings");
/** See {@link TrustScore}. */
export type TrustScore = z.infer<typeof TrustScore>;
