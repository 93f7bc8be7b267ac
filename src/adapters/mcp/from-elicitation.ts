import type { HumanLinkRequest, HumanSchemaRequest } from '../../request';
import { contentHash, cutText, isRecord } from '../../utils';

/**
 * The `params` of an MCP `elicitation/create` request in form mode (protocol revision 2025-11-25):
 * a message and the flat object schema of the answer. The SDK's `ElicitRequestFormParams` is one.
 */
export interface McpElicitationFormParams {
  /** Absent or `'form'`. */
  mode?: 'form';
  /** Why the server asks. */
  message: string;
  /** The object to answer: primitive properties only (string, number, integer, boolean, enums, multi-selects). */
  requestedSchema: { type: 'object'; properties: Record<string, object>; required?: string[] };
}

/** The `params` of an MCP `elicitation/create` request in URL mode: a page the person visits. The SDK's `ElicitRequestURLParams` is one. */
export interface McpElicitationUrlParams {
  mode: 'url';
  /** Why the server asks. */
  message: string;
  /** The page to open. */
  url: string;
  /** The server's id of this elicitation, unique. */
  elicitationId: string;
}

/** The `params` of an MCP `elicitation/create` request, either mode. The SDK's `ElicitRequestParams` is one. */
export type McpElicitationParams = McpElicitationFormParams | McpElicitationUrlParams;

/** Options of `fromElicitation`. */
export interface FromElicitationOptions {
  /**
   * The request's id at its source, when the params carry none (form mode), for a page that keeps
   * drafts under it: joined with a hash of the params, so a draft comes back only for the same
   * question. Not needed with `proxy.requests.open`, which gives every request an id of its own
   * (JSON-RPC ids start again with each connection: never take one as unique). Default: an id made
   * for these params (the same object gives the same id; another elicitation, even one asking the
   * same thing on another connection, another id).
   */
  id?: string | number;
  /**
   * When the request stops being answerable (ISO 8601 or epoch milliseconds). MCP sets none; the
   * request handler's `extra.signal` is the server's own cancel. Default: none.
   */
  deadline?: string | number;
  /**
   * The heading. MCP asks clients to make clear which server is asking: e.g. the server's name
   * from `client.getServerVersion()`. Default: the prompt's own ("Input requested", "Visit a page").
   */
  title?: string;
  /**
   * Who asks, shown as "Requested by …" and in the inbox's list: the server's name (the one in its
   * `McpServer({ name })`, or `client.getServerVersion()?.title ?? name` in a client). Default: the
   * source's name ("MCP server").
   */
  requestedBy?: string;
}

/**
 * The `HumanRequest` for the `params` of an MCP `elicitation/create` request: form mode
 * (`requestedSchema` → a schema form, answered with `content`) or URL mode (`url` → a page to
 * visit). Both allow Decline and Cancel, as MCP does. The params are untrusted: anything that is
 * not a request of either mode throws a `TypeError` that says what is missing, and a message
 * over 10,000 characters is cut.
 */
export function fromElicitation(params: McpElicitationParams, options: FromElicitationOptions = {}): HumanSchemaRequest | HumanLinkRequest {
  let read: HumanSchemaRequest | HumanLinkRequest | string;
  try {
    read = readElicitation(params, options);
  } catch (error) {
    // A getter or a proxy that throws: what JSON-RPC delivers never does, so this is not a request.
    throw new TypeError('fromElicitation: the params could not be read', { cause: error });
  }
  if (typeof read === 'string') throw new TypeError(`fromElicitation: ${read}`);
  return read;
}

/** The request, or what is missing from the params for one. */
function readElicitation(params: unknown, options: FromElicitationOptions): HumanSchemaRequest | HumanLinkRequest | string {
  if (!isRecord(params)) return 'params must be the object of an elicitation/create request';
  const { mode } = params;
  const base = {
    source: 'mcp',
    message: typeof params.message === 'string' && params.message !== '' ? cutText(params.message) : undefined,
    title: options.title,
    ...(options.requestedBy === undefined ? {} : { requestedBy: options.requestedBy }),
    deadline: options.deadline,
    allows: { decline: true, cancel: true },
  };
  if (mode === 'url') {
    if (typeof params.url !== 'string') return 'a URL-mode request needs url, a string';
    return { ...base, kind: 'link', id: idOf(params, options), url: params.url };
  }
  if (mode !== undefined && mode !== 'form') return 'mode must be "form" (or absent) or "url"';
  if (!isRecord(params.requestedSchema)) return 'a form-mode request needs requestedSchema, an object schema';
  return { ...base, kind: 'form', id: idOf(params, options), schema: params.requestedSchema };
}

/** Ids made for params that carry none and were given none, by the params object: one elicitation, one id. */
const madeIds = new WeakMap<object, string>();

/** The server's `elicitationId` (URL mode has one), else the caller's id joined to a hash of the params, else one made for them. */
function idOf(params: Record<string, unknown>, options: FromElicitationOptions): string {
  if (typeof params.elicitationId === 'string' && params.elicitationId !== '') return params.elicitationId;
  if (options.id !== undefined) return `${String(options.id)}:mcp-${contentHash(params)}`;
  // Never from the content alone: two connections asking the same question are two requests.
  let id = madeIds.get(params);
  if (id === undefined) madeIds.set(params, (id = `mcp-${randomBase36()}`));
  return id;
}

/** 128 random bits in base 36. */
function randomBase36(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint32Array(4)), (word) => word.toString(36).padStart(7, '0')).join('');
}
