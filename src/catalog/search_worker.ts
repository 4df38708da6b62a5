/**
 * Web Worker body of the search thread (`search_thread.ts`): opens the catalog with the query
 * embedder (its query worker nested in this one) and the vector index, then answers each
 * `{type: "rank"}` with `rank` of `ranking.ts` on that context (the signals of the page's ids
 * only) and each `{type: "embed"}` with the query embedder's vectors. Errors go back with their
 * {@link AppError} code; `{type: "close"}` closes the catalog and ends the thread.
 *
 * @module
 */
import type { AppError } from "../errors.ts";
import { type CatalogContext, closeContext, openContext } from "./context.ts";
import { rank } from "./ranking.ts";
import { lowerThreadPriority } from "../embed/thread_priority.ts";
import { type SearchReply, type SearchRequest, toThreadError } from "./search_thread.ts";

const scope = self as unknown as Worker & { close(): void };
let ctx: CatalogContext | undefined;

function _post(reply: SearchReply): void {
  scope.postMessage(reply);
}

async function _answer(
  id: number,
  work: (ctx: CatalogContext) => Promise<SearchReply>,
): Promise<void> {
  try {
    if (!ctx) throw new Error("The search thread has no catalog open");
    _post(await work(ctx));
  } catch (error) {
    _post({ type: "error", id, error: toThreadError(error as AppError | Error) });
  }
}

scope.onmessage = async (event: MessageEvent<SearchRequest>) => {
  const m = event.data;
  switch (m.type) {
    case "open": {
      if (m.nice > 0) lowerThreadPriority(m.nice);
      try {
        ctx = await openContext(m.catalogPath, m.baseUrl, { warmTermLists: m.warmTermLists });
      } catch (error) {
        _post({ type: "failed", error: error instanceof Error ? error.message : String(error) });
        return;
      }
      const e = ctx.embedder;
      _post({
        type: "ready",
        embedding: e ? { id: e.id, dimension: e.dimension } : null,
        warming: ctx.warming !== undefined,
      });
      ctx.warming?.done.then(
        (result) => _post({ type: "warmed", result }),
        (error) => _post({ type: "warm-failed", error: String(error) }),
      );
      return;
    }
    case "rank":
      await _answer(m.id, async (c) => {
        const { kind, q, filter, mode, limit, offset, fusion } = m.query;
        const page = await rank(c, kind, q, filter, mode, limit, offset, fusion);
        return {
          type: "ranked",
          id: m.id,
          ids: page.ids,
          total: page.total,
          mode: page.mode,
          signals: page.ids.flatMap((id) => {
            const signal = page.signals.get(id);
            return signal ? [[id, signal] as [number, typeof signal]] : [];
          }),
        };
      });
      return;
    case "embed":
      await _answer(m.id, async (c) => {
        if (!c.embedder) throw new Error("The catalog has no vectors of the query model");
        // Copied, not transferred: the vectors may be views of one buffer, or cached here.
        return { type: "embedded", id: m.id, vectors: await c.embedder.embed(m.texts) };
      });
      return;
    case "close":
      if (ctx) closeContext(ctx);
      ctx = undefined;
      scope.close();
      return;
  }
};
