/** What asks, by a request's `source`, in a language: an MCP server, the other frameworks' agents, the task service. */
export type SourceNames = Readonly<Record<'mcp' | 'langgraph' | 'ai-sdk' | 'ag-ui' | 'openai-agents' | 'mastra' | 'task-service', string>>;

/** A request's `source` as a person reads it: its name in `names`, and any other source (agent-made) as it is. */
export const sourceName = (source: string, names: SourceNames): string =>
  Object.hasOwn(names, source) ? names[source as keyof SourceNames] : source;

/** The English `SourceNames`. */
export const EN_SOURCE_NAMES: SourceNames = {
  mcp: 'MCP server',
  langgraph: 'LangGraph agent',
  'ai-sdk': 'AI SDK agent',
  'ag-ui': 'AG-UI agent',
  'openai-agents': 'OpenAI agent',
  mastra: 'Mastra agent',
  'task-service': 'Task service',
};
