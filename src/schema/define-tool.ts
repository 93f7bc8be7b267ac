import type { JsonSchema, ToolDefinition } from '../client';

/** Type-only key of the parameter type a `defineTool` definition carries; nothing is stored under it. */
declare const toolParameters: unique symbol;

/**
 * A tool definition made by `defineTool`: on the wire exactly a `ToolDefinition`, and to
 * TypeScript also its name as a literal and the type of its parameters, so `renderers` can be
 * checked tool by tool.
 */
export interface TypedToolDefinition<Name extends string = string, Parameters = unknown> extends ToolDefinition {
  function: ToolDefinition['function'] & { name: Name };
  /** Types only: the parameters' type. Never present at run time. */
  readonly [toolParameters]?: Parameters;
}

/** The parameters' type of a tool definition: what its `defineTool` schema declares, `unknown` for any other. */
export type ToolParameters<Tool> = Tool extends { readonly [toolParameters]?: infer Parameters } ? Parameters : unknown;

type Simplify<T> = { -readonly [K in keyof T]: T[K] } & {};

type ObjectFromSchema<Properties, Required> = Simplify<
  { [K in keyof Properties as K extends Required ? K : never]: FromSchema<Properties[K]> } & {
    [K in keyof Properties as K extends Required ? never : K]?: FromSchema<Properties[K]>;
  }
>;

/**
 * The TypeScript type a JSON Schema literal describes, for the keywords tool parameters use:
 * `type` (one or several), `enum`, `const`, `items`, `properties` with `required`. Anything else
 * is `unknown`. Give the schema inline to `defineTool`, or declare it `as const`, so its words
 * stay literal.
 */
export type FromSchema<Schema> = Schema extends { readonly const: infer Value }
  ? Value
  : Schema extends { readonly enum: ReadonlyArray<infer Value> }
    ? Value
    : Schema extends { readonly type: ReadonlyArray<infer Kind> }
      ? Kind extends unknown
        ? FromSchema<Omit<Schema, 'type'> & { readonly type: Kind }>
        : never
      : Schema extends { readonly type: 'string' }
        ? string
        : Schema extends { readonly type: 'number' | 'integer' }
          ? number
          : Schema extends { readonly type: 'boolean' }
            ? boolean
            : Schema extends { readonly type: 'null' }
              ? null
              : Schema extends { readonly type: 'array'; readonly items: infer Items }
                ? Array<FromSchema<Items>>
                : Schema extends { readonly type: 'array' }
                  ? unknown[]
                  : Schema extends { readonly type: 'object'; readonly properties: infer Properties }
                    ? ObjectFromSchema<Properties, Schema extends { readonly required: ReadonlyArray<infer Name> } ? Name : never>
                    : Schema extends { readonly type: 'object' }
                      ? { [key: string]: unknown }
                      : unknown;

/** What `defineTool` takes: the `function` part of a tool definition. */
export interface DefineToolOptions<Name extends string, Schema extends JsonSchema | undefined> {
  /** The tool's name; the agent calls it by this name, and `renderers` are keyed by it. */
  name: Name;
  /** When and how the agent should use the tool. Default: none. */
  description?: string;
  /** JSON Schema of the parameters the agent supplies; their TypeScript type is derived from it. Default: none (`unknown`). */
  parameters?: Schema;
}

/**
 * A caller-defined tool, typed end to end: pass the result to `createTask({ tools })` and
 * `<RunViewer tools>`, and a renderer registered for its name in `renderers` receives
 * `parameters` of the type its schema declares: a renderer written for other parameters does not
 * compile.
 *
 * ```ts
 * const approvePurchase = defineTool({
 *   name: 'approve_purchase',
 *   parameters: { type: 'object', properties: { item: { type: 'string' }, amount: { type: 'number' } }, required: ['item'] },
 * });
 * // renderers={{ approve_purchase: (props: ToolRendererProps<{ item: string; amount?: number }>) => … }}
 * ```
 */
export function defineTool<const Name extends string, const Schema extends JsonSchema | undefined = undefined>(
  options: DefineToolOptions<Name, Schema>,
): TypedToolDefinition<Name, Schema extends JsonSchema ? FromSchema<Schema> : unknown> {
  const definition: ToolDefinition['function'] = { name: options.name };
  if (options.description !== undefined) definition.description = options.description;
  // A deep copy, so changing the object given here later cannot change what was sent with a task.
  if (options.parameters !== undefined) definition.parameters = structuredClone(options.parameters);
  return { type: 'function', function: definition as ToolDefinition['function'] & { name: Name } };
}
