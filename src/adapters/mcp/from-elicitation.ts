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
   * The request's id at its source, when the params carry none (form mode): the JSON-RPC id your
   * handler has (`extra.requestId`). JSON-RPC ids start again with each connection, so the
   * request's `id` is this id joined with a hash of the params: a new request starts the prompt
   * afresh, and a draft comes back only for the same question. Default: the hash alone.
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

/** The server's `elicitationId` (URL mode has one), else the caller's id joined to a hash of the params, else the hash. */
function idOf(params: Record<string, unknown>, options: FromElicitationOptions): string {
  if (typeof params.elicitationId === 'string' && params.elicitationId !== '') return params.elicitationId;
  // The params as JSON-RPC delivered them: hashing their JSON costs about what parsing them did.
  const hash = `mcp-${contentHash(params)}`;
  return options.id === undefined ? hash : `${String(options.id)}:${hash}`;
}
