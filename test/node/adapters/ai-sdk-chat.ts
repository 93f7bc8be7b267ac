/**
 * The AI SDK's own chat (`AbstractChat`, what `useChat` wraps) over `DirectChatTransport` to a
 * `ToolLoopAgent` whose model is `ai/test`'s `MockLanguageModelV4`: the whole round trip of a tool
 * part, from the model's tool call to the UI message and back through `convertToModelMessages`, in
 * Node, without a browser, a network or a model.
 */
import {
  AbstractChat,
  DirectChatTransport,
  type ChatInit,
  type ChatState,
  type ChatStatus,
  type InferAgentUIMessage,
  type ToolLoopAgent,
  type ToolSet,
  type UIMessage,
  isToolUIPart,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

type CallOptions = Parameters<MockLanguageModelV4['doStream']>[0];
type StreamPart = Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer PART> ? PART : never;

class ArrayChatState<MESSAGE extends UIMessage> implements ChatState<MESSAGE> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  messages: MESSAGE[] = [];
  pushMessage = (message: MESSAGE) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: MESSAGE) => {
    this.messages = this.messages.map((each, at) => (at === index ? message : each));
  };
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

class TestChat<MESSAGE extends UIMessage> extends AbstractChat<MESSAGE> {
  constructor(init: Omit<ChatInit<MESSAGE>, 'messages'>) {
    super({ ...init, state: new ArrayChatState<MESSAGE>() });
  }
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** One tool call of the model's first turn: `input` is what the model writes (JSON). */
export interface ScriptedToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/**
 * A model that calls `toolCalls` on its first turn and answers "Done." on every later one; `prompts`
 * holds what each turn was sent, so a test reads what reached the model.
 */
export function scriptedModel(toolCalls: ScriptedToolCall[]) {
  const prompts: CallOptions['prompt'][] = [];
  const model = new MockLanguageModelV4({
    doStream: (options) => {
      prompts.push(options.prompt);
      const first = prompts.length === 1;
      const parts: StreamPart[] = first
        ? toolCalls.map((call) => ({ type: 'tool-call', ...call, input: JSON.stringify(call.input) }))
        : [
            { type: 'text-start', id: 'text' },
            { type: 'text-delta', id: 'text', delta: 'Done.' },
            { type: 'text-end', id: 'text' },
          ];
      return Promise.resolve({
        stream: convertArrayToReadableStream<StreamPart>([
          { type: 'stream-start', warnings: [] },
          ...parts,
          { type: 'finish', usage, finishReason: { unified: first ? 'tool-calls' : 'stop', raw: undefined } },
        ]),
      });
    },
  });
  return { model, prompts };
}

/**
 * A chat with `agent`, resubmitting when `sendAutomaticallyWhen` says so (as `useChat` is set up
 * for approvals and client-side tools); `nextFinish()` resolves when the next response has ended.
 */
export function agentChat<TOOLS extends ToolSet>(
  agent: ToolLoopAgent<never, TOOLS>,
  sendAutomaticallyWhen: (options: { messages: UIMessage[] }) => boolean,
) {
  let resolveFinish: (() => void) | undefined;
  const chat = new TestChat<InferAgentUIMessage<typeof agent>>({
    transport: new DirectChatTransport({ agent }),
    sendAutomaticallyWhen,
    onFinish: () => resolveFinish?.(),
    onError: (error) => {
      throw error;
    },
  });
  const nextFinish = () => new Promise<void>((resolve) => (resolveFinish = resolve));
  return { chat, nextFinish };
}

type ToolPartOf<MESSAGE extends UIMessage> = Extract<MESSAGE['parts'][number], { type: `tool-${string}` } | { type: 'dynamic-tool' }>;

/** The tool parts of the chat's last message, typed by the chat's tools. */
export function lastToolParts<MESSAGE extends UIMessage>(messages: readonly MESSAGE[]): ToolPartOf<MESSAGE>[] {
  return (messages.at(-1)?.parts ?? []).filter((part): part is ToolPartOf<MESSAGE> => isToolUIPart(part));
}
