/**
 * Web Worker body of the embedding pool: loads USE-lite once and answers
 * `{id, texts}` messages with `{id, vectors}` (or `{id, error}`).
 *
 * @module
 */
import { loadUseLite } from "./embedder.ts";

const embedder = loadUseLite();
const scope = self as unknown as Worker;

scope.onmessage = async (event: MessageEvent<{ id: number; texts: string[] }>) => {
  const { id, texts } = event.data;
  try {
    const vectors = await (await embedder).embed(texts);
    scope.postMessage({ id, vectors });
  } catch (error) {
    scope.postMessage({ id, error: String(error) });
  }
};
