/**
 * One-click install on the site: "Add to Cursor" / "Add to VS Code" buttons from a config's
 * `deepLinks`, with the values still to fill in named next to them, and the home page's section
 * of configs for toolatlas itself (local stdio server and `/mcp`, per client, from
 * `src/install/self.ts`), each with a copy button for its config and its command.
 *
 * @module
 */
import type { SelfConfigs } from "../install/self.ts";
import type { DeepLink, InstallSecret } from "../model/install.ts";

/**
 * A copy button for the text of the element `target` (revealed and wired by `static/site.js`),
 * and the status line it writes to.
 *
 * @param props the element id and the button's accessible label
 */
export function CopyButton(props: { target: string; label: string }) {
  return (
    <>
      <button
        type="button"
        class="secondary"
        data-copy-target={props.target}
        data-copy-status={`${props.target}-status`}
        aria-label={props.label}
        hidden
      >
        Copy
      </button>
      <span id={`${props.target}-status`} class="copy-status" role="status" aria-live="polite">
      </span>
    </>
  );
}

/**
 * The install buttons of a config, plus what the user must still fill in (a path, a token):
 * a link opens the client, which shows the server before adding it, and carries placeholders,
 * never a secret.
 *
 * @param props the config's `deepLinks` and `requiredInputs`
 * @returns nothing when the config has no links
 */
export function DeepLinkButtons(props: { links: DeepLink[]; required: InstallSecret[] }) {
  if (props.links.length === 0) return null;
  return (
    <div class="install-links">
      <div class="toc">
        {props.links.map((l) => (
          <a
            class={l.app === "vscode-insiders" ? "chip" : "button"}
            href={l.url}
            data-app={l.app}
          >
            {l.label}
          </a>
        ))}
      </div>
      {props.required.length > 0 && (
        <p class="small">
          <strong>Still to provide after adding:</strong> {props.required.map((s, i) => (
            <>
              {i > 0 && ", "}
              <code>{s.placeholder}</code>
              {s.description ? ` (${s.description})` : ""}
            </>
          ))}. The link carries placeholders, never a value.
        </p>
      )}
    </div>
  );
}

/** One config of toolatlas itself: its text, command and buttons. */
function OneSelfConfig(props: { id: string; title: string; cfg: SelfConfigs["local"] }) {
  const { id, cfg } = props;
  if (!cfg.available) {
    return (
      <div class="alternative">
        <span class="label">{props.title}</span>
        <p class="small muted">{cfg.reason}</p>
      </div>
    );
  }
  return (
    <div class="alternative">
      <div class="client-head">
        <span class="label">{props.title}</span>
        <div>
          <CopyButton target={id} label={`Copy the ${cfg.clientName} ${props.title} config`} />
        </div>
      </div>
      {cfg.filePaths.length > 0 && (
        <p class="small muted">
          Goes in {cfg.filePaths.map((f, i) => (
            <>
              {i > 0 && ", "}
              <code>{f.path}</code>
            </>
          ))}
        </p>
      )}
      <pre><code id={id}>{cfg.config}</code></pre>
      {cfg.cliCommand !== null && (
        <>
          <div class="client-head">
            <span class="label">Or run</span>
            <div>
              <CopyButton target={`${id}-cli`} label={`Copy the ${cfg.clientName} command`} />
            </div>
          </div>
          <pre class="wrap"><code id={`${id}-cli`}>{cfg.cliCommand}</code></pre>
        </>
      )}
      <DeepLinkButtons links={cfg.deepLinks} required={cfg.requiredInputs} />
    </div>
  );
}

/**
 * The home page's "Use toolatlas in your MCP client" section: for each client, the local stdio
 * server of a checkout (offline, no quota) and this service's `/mcp` endpoint.
 *
 * @param props the configs of {@link SelfConfigs}, one per client
 */
export function SelfInstallSection(props: { configs: SelfConfigs[] }) {
  return (
    <section class="card" aria-labelledby="s-use">
      <h2 id="s-use">Use toolatlas in your MCP client</h2>
      <p class="small muted">
        Remote: this service's <code>/mcp</code>{" "}
        endpoint. Local: the stdio server of a toolatlas checkout (<code>deno task mcp</code>),
        offline, with no quota and no key; replace <code>&lt;toolatlas-folder&gt;</code>{" "}
        with the checkout's absolute path.
      </p>
      {props.configs.map((c) => (
        <details class="client" id={`use-${c.client}`}>
          <summary>
            <strong>{c.clientName}</strong>
          </summary>
          <OneSelfConfig id={`self-${c.client}-remote`} title="Remote (/mcp)" cfg={c.remote} />
          <OneSelfConfig id={`self-${c.client}-local`} title="Local (stdio)" cfg={c.local} />
        </details>
      ))}
    </section>
  );
}
