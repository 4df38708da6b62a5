/**
 * An HTTP handler whose catalog can be replaced while it serves: `deno task start` begins with a
 * lexical catalog and swaps in the semantic one when the background build is done, without a
 * restart and without failing a request.
 *
 * Each request is served whole by the app that was current when it arrived (its catalog, its
 * caches); a swap only changes which app the next request gets. The previous catalog is retired
 * once no request is using it any more (plus a grace period for response bodies still streaming).
 *
 * @module
 */
import type { CatalogContext } from "../catalog/context.ts";

/** Something that answers requests (a Hono app). */
export interface FetchApp {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/** One catalog and its app, and the requests it is serving. */
interface _Generation {
  ctx: CatalogContext;
  app: FetchApp;
  inflight: number;
  retired: boolean;
  /** A retire timer is pending, or the context was retired. */
  scheduled: boolean;
}

/** Options of {@link LiveApp}. */
export interface LiveAppOptions {
  /** Builds the app of a catalog context (e.g. `(ctx) => createApp({ctx, access})`). */
  makeApp: (ctx: CatalogContext) => FetchApp;
  /** Called once for a replaced context when nothing uses it any more (close its store). */
  retire?: (ctx: CatalogContext) => void;
  /** Milliseconds to wait after the last request of a replaced context (default 30,000). */
  graceMs?: number;
}

/** A request handler over a replaceable catalog (see the module documentation). */
export class LiveApp {
  #make: (ctx: CatalogContext) => FetchApp;
  #retire: (ctx: CatalogContext) => void;
  #grace: number;
  #current: _Generation;

  /**
   * @param ctx the first catalog context
   * @param options how to build an app and retire a context
   * @example
   * ```ts
   * const live = new LiveApp(ctx, { makeApp: (c) => createApp({ ctx: c }) });
   * Deno.serve(live.fetch);
   * live.swap(semanticCtx);
   * ```
   */
  constructor(ctx: CatalogContext, options: LiveAppOptions) {
    this.#make = options.makeApp;
    this.#retire = options.retire ?? (() => {});
    this.#grace = options.graceMs ?? 30_000;
    this.#current = this.#generation(ctx);
  }

  /** The context new requests are served from. */
  get ctx(): CatalogContext {
    return this.#current.ctx;
  }

  /** Serves one request with the app current when it arrives (bound: pass it as a handler). */
  fetch = async (request: Request, env?: unknown): Promise<Response> => {
    const gen = this.#current;
    gen.inflight++;
    try {
      return await gen.app.fetch(request, env);
    } finally {
      gen.inflight--;
      if (gen.retired && gen.inflight === 0) this.#scheduleRetire(gen);
    }
  };

  /**
   * Makes `ctx` the catalog of every request from now on; the previous one is retired when its
   * last request is done.
   *
   * @param ctx the new catalog context
   */
  swap(ctx: CatalogContext): void {
    const old = this.#current;
    this.#current = this.#generation(ctx);
    old.retired = true;
    if (old.inflight === 0) this.#scheduleRetire(old);
  }

  #generation(ctx: CatalogContext): _Generation {
    return { ctx, app: this.#make(ctx), inflight: 0, retired: false, scheduled: false };
  }

  #scheduleRetire(gen: _Generation): void {
    if (gen.scheduled) return;
    gen.scheduled = true;
    const timer = setTimeout(() => {
      // A request that came in meanwhile schedules the retirement again when it ends.
      if (gen.inflight === 0) this.#retire(gen.ctx);
      else gen.scheduled = false;
    }, this.#grace);
    Deno.unrefTimer(timer);
  }
}
