/**
 * The API documentation page (`/docs`): the OpenAPI document of `GET /api/v1/openapi.json`
 * rendered on the server into readable HTML (endpoints, parameters, bodies, responses and
 * schemas), so it needs no JavaScript and no CDN.
 *
 * @module
 */
import { ERROR_CODES } from "../errors.ts";
import { inlineCode, TableHead } from "./layout.tsx";

/** A JSON object of the OpenAPI document (a schema, an operation, a response ...). */
type JsonObject = { [key: string]: unknown };

/** An OpenAPI 3.1 document, as `GET /api/v1/openapi.json` serves it. */
export type ApiDocument = JsonObject;

type Schema = JsonObject;

function _refName(ref: string): string {
  return ref.slice(ref.lastIndexOf("/") + 1);
}

function _isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Short type label of a JSON Schema: `string`, `integer | null`, `array of ToolRecord`,
 * `"a" | "b"`, `map of string`.
 *
 * @param s the schema
 * @returns the label
 */
export function typeLabel(s: Schema): string {
  if (typeof s.$ref === "string") return _refName(s.$ref);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in s) return JSON.stringify(s.const);
  if (Array.isArray(s.anyOf)) return s.anyOf.filter(_isObject).map(typeLabel).join(" | ");
  if (Array.isArray(s.oneOf)) return s.oneOf.filter(_isObject).map(typeLabel).join(" | ");
  const types = Array.isArray(s.type) ? s.type as string[] : s.type ? [s.type as string] : [];
  if (types.includes("array")) {
    const items = _isObject(s.items) ? typeLabel(s.items) : "any";
    return types.map((t) => t === "array" ? `array of ${items}` : t).join(" | ");
  }
  if (types.includes("object") && !_isObject(s.properties) && _isObject(s.additionalProperties)) {
    return `map of ${typeLabel(s.additionalProperties)}`;
  }
  return types.length > 0 ? types.join(" | ") : "any";
}

function _constraints(s: Schema): string {
  const parts: string[] = [];
  for (
    const [k, label] of [
      ["minimum", "min"],
      ["maximum", "max"],
      ["minLength", "min length"],
      ["maxLength", "max length"],
      ["minItems", "min items"],
      ["maxItems", "max items"],
    ] as const
  ) {
    if (typeof s[k] === "number") parts.push(`${label} ${s[k]}`);
  }
  if ("default" in s) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join(", ");
}

/** The object whose properties are listed under a schema: itself, or its array items. */
function _fieldsOf(s: Schema): Schema | undefined {
  if (_isObject(s.properties)) return s;
  if (_isObject(s.items) && _isObject(s.items.properties)) return s.items;
  if (Array.isArray(s.anyOf)) {
    for (const a of s.anyOf) if (_isObject(a) && _fieldsOf(a)) return _fieldsOf(a);
  }
  return undefined;
}

function TypeLabel(props: { schema: Schema }) {
  const ref = props.schema.$ref ??
    (_isObject(props.schema.items) ? props.schema.items.$ref : undefined);
  const label = typeLabel(props.schema);
  return (
    <span class="muted">
      {typeof ref === "string" ? <a href={`#schema-${_refName(ref)}`}>{label}</a> : label}
    </span>
  );
}

/**
 * A schema as a nested list of fields: name, type, required, description and constraints.
 *
 * @param props the schema and how deep nesting may go
 * @returns a `<ul>`, or a one-line type when the schema has no fields
 */
export function SchemaTree(props: { schema: Schema; depth?: number }) {
  const depth = props.depth ?? 0;
  const obj = _fieldsOf(props.schema);
  if (!obj) return <TypeLabel schema={props.schema} />;
  const required = new Set(Array.isArray(obj.required) ? obj.required as string[] : []);
  const properties = obj.properties as Record<string, Schema>;
  return (
    <ul class="schema-tree">
      {Object.entries(properties).map(([name, s]) => {
        const c = _constraints(s);
        return (
          <li>
            <code>{name}</code> <TypeLabel schema={s} />
            {required.has(name) && <span class="req">required</span>}
            {typeof s.description === "string" && <span class="desc">: {s.description}</span>}
            {c && <span class="small muted">({c})</span>}
            {depth < 4 && _fieldsOf(s) && <SchemaTree schema={s} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}

interface _Op {
  method: string;
  path: string;
  /** Prefix of `path` on the service: `/api/v1`, or `""` for a path item with its own servers. */
  base: string;
  op: JsonObject;
}

function _operations(doc: JsonObject): _Op[] {
  const out: _Op[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, JsonObject>)) {
    const base = Array.isArray(item.servers) ? "" : "/api/v1";
    for (const [method, op] of Object.entries(item)) {
      if (_isObject(op)) out.push({ method, path, base, op });
    }
  }
  return out;
}

function _anchor(o: _Op): string {
  return `op-${String(o.op.operationId)}`;
}

function Endpoint(props: { o: _Op; doc: JsonObject }) {
  const { o, doc } = props;
  const params = (o.op.parameters ?? []) as JsonObject[];
  const body = _isObject(o.op.requestBody)
    ? ((o.op.requestBody.content as JsonObject)["application/json"] as JsonObject).schema as Schema
    : undefined;
  const responses = o.op.responses as Record<string, JsonObject>;
  const compResponses = (doc.components as JsonObject).responses as Record<string, JsonObject>;
  return (
    <section class="card endpoint" id={_anchor(o)} aria-labelledby={`${_anchor(o)}-t`}>
      <h3 id={`${_anchor(o)}-t`}>
        <span class={`method ${o.method}`}>{o.method.toUpperCase()}</span>
        <code>{o.base}{o.path}</code>
      </h3>
      <p>{String(o.op.summary)}</p>
      {typeof o.op.description === "string" && (
        <p class="small muted">{inlineCode(o.op.description)}</p>
      )}
      {params.length > 0 && (
        <table>
          <TableHead caption="Parameters" columns={["Name", "In", "Type", "Description"]} />
          <tbody>
            {params.map((p) => {
              const schema = p.schema as Schema;
              const c = _constraints(schema);
              return (
                <tr>
                  <td>
                    <code>{String(p.name)}</code>
                    {p.required === true && <div class="req small">required</div>}
                  </td>
                  <td>{String(p.in)}</td>
                  <td class="small">{typeLabel(schema)}</td>
                  <td class="small">
                    {typeof p.description === "string" ? inlineCode(p.description) : ""}
                    {c && <div class="muted">{c}</div>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {body && (
        <>
          <h4>Request body (application/json)</h4>
          <SchemaTree schema={body} />
        </>
      )}
      <h4>Responses</h4>
      <ul class="plain small">
        {Object.entries(responses).map(([status, r]) => {
          const resolved = typeof r.$ref === "string" ? compResponses[_refName(r.$ref)] ?? r : r;
          const content = (resolved.content ?? {}) as Record<string, JsonObject>;
          const [type, media] = Object.entries(content)[0] ?? [];
          return (
            <li>
              <strong>{status}</strong> {String(resolved.description ?? "")}
              {type && media && (
                <>
                  {" "}· <code>{type}</code> <TypeLabel schema={media.schema as Schema} />
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The API docs page body.
 *
 * @param props the OpenAPI document
 * @returns the page content (inside the layout)
 */
export function DocsPage(props: { doc: JsonObject }) {
  const { doc } = props;
  const info = doc.info as JsonObject;
  const server = ((doc.servers as JsonObject[])[0]?.url ?? "/api/v1") as string;
  const ops = _operations(doc);
  const tags = (doc.tags as JsonObject[]).map((t) => String(t.name));
  const schemas = (doc.components as JsonObject).schemas as Record<string, Schema>;
  const headers = (doc.components as JsonObject).headers as Record<string, JsonObject>;
  return (
    <>
      <header class="page-head">
        <h1>API documentation</h1>
        <p class="lead">{inlineCode(String(info.description))}</p>
        <dl class="facts">
          <dt>Base URL</dt>
          <dd>
            <code>{server}</code>
          </dd>
          <dt>OpenAPI</dt>
          <dd>
            <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI{" "}
            {String(doc.openapi)}, version {String(info.version)})
          </dd>
          <dt>Authentication</dt>
          <dd>
            Optional{" "}
            <code>Authorization: Bearer sk_svc_...</code>; without it the free tier applies per IP.
          </dd>
          <dt>MCP</dt>
          <dd>
            The same use cases as MCP tools at <code>/mcp</code> (streamable HTTP).
          </dd>
        </dl>
      </header>
      <nav class="card" aria-labelledby="s-endpoints">
        <h2 id="s-endpoints">Endpoints</h2>
        <table>
          <tbody>
            {ops.map((o) => (
              <tr>
                <td>
                  <span class={`method ${o.method}`}>{o.method.toUpperCase()}</span>
                </td>
                <td>
                  <a href={`#${_anchor(o)}`}>
                    <code>{o.path}</code>
                  </a>
                </td>
                <td class="small">{String(o.op.summary)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </nav>
      {tags.map((tag) => (
        <section aria-labelledby={`tag-${tag.replace(/\W+/g, "-")}`}>
          <h2 id={`tag-${tag.replace(/\W+/g, "-")}`}>{tag}</h2>
          {ops.filter((o) => (o.op.tags as string[])[0] === tag).map((o) => (
            <Endpoint o={o} doc={doc} />
          ))}
        </section>
      ))}
      <section class="card" aria-labelledby="s-errors">
        <h2 id="s-errors">Errors</h2>
        <p>
          Every error is an RFC 9457 problem document (<code>application/problem+json</code>,{" "}
          <a href="#schema-ProblemDetails">ProblemDetails</a>) with a stable <code>code</code>:
        </p>
        <table>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col" class="num">Status</th>
              <th scope="col">Title</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(ERROR_CODES).map(([code, e]) => (
              <tr>
                <td>
                  <code>{code}</code>
                </td>
                <td class="num">{e.status}</td>
                <td>{e.title}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>Rate-limit headers</h3>
        <ul class="plain small">
          {Object.entries(headers).map(([name, h]) => (
            <li>
              <code>{name}</code>: {String(h.description)}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="s-schemas">
        <h2 id="s-schemas">Schemas</h2>
        {Object.entries(schemas).map(([name, s]) => (
          <section class="card" id={`schema-${name}`} aria-label={name}>
            <h3>{name}</h3>
            {typeof s.description === "string" && <p class="small muted">{s.description}</p>}
            <SchemaTree schema={s} />
          </section>
        ))}
      </section>
    </>
  );
}
