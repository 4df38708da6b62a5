/**
 * Reading the project's own JSON data files (`data/*.json`) against the zod schema of their shape.
 *
 * @module
 */
import type { z } from "zod";

/**
 * Reads a JSON data file and checks it against its schema.
 *
 * @example
 * ```ts
 * const map = await loadJsonData(CATEGORY_MAP_URL, CategoryMapSchema, "category map");
 * ```
 *
 * @param url the file
 * @param schema the shape the file must have
 * @param what what the file holds, for the error message, e.g. `"category map"`
 * @returns the parsed value, as the schema outputs it
 * @throws {Deno.errors.NotFound} when the file is missing
 * @throws {SyntaxError} when the file is not JSON
 * @throws {TypeError} `Cannot load <what> "<path>": <path of the first issue> <its message>` when
 *   the file does not have the schema's shape
 */
export async function loadJsonData<S extends z.ZodType>(
  url: URL,
  schema: S,
  what: string,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(JSON.parse(await Deno.readTextFile(url)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TypeError(
      `Cannot load ${what} "${url.pathname}": ${issue?.path.join(".")} ${issue?.message}`,
    );
  }
  return parsed.data;
}
