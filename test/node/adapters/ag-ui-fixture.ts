/**
 * An `@ag-ui/client` agent whose runs are scripted by the input they get: runs that finish with an
 * interrupt outcome, and the runs that read `input.resume` and finish.
 */
import { AbstractAgent, EventType, type BaseEvent, type Interrupt, type ResumeEntry, type RunAgentInput } from '@ag-ui/client';
import { ResumeEntrySchema } from '@ag-ui/core/schemas';
import { Observable } from 'rxjs';

/** An agent whose runs are scripted by the input they get; it keeps every input. */
export class ScriptedAgent extends AbstractAgent {
  readonly inputs: RunAgentInput[] = [];

  constructor(private readonly script: (input: RunAgentInput, run: number) => BaseEvent[]) {
    super({ threadId: 'thread-1' });
  }

  run(input: RunAgentInput): Observable<BaseEvent> {
    this.inputs.push(input);
    const events = this.script(input, this.inputs.length);
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of events) subscriber.next(event);
      subscriber.complete();
    });
  }
}

export const started = (input: RunAgentInput): BaseEvent => ({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
export const interrupted = (input: RunAgentInput, interrupts: Interrupt[]): BaseEvent => ({
  type: EventType.RUN_FINISHED,
  threadId: input.threadId,
  runId: input.runId,
  outcome: { type: 'interrupt', interrupts },
});
export const finished = (input: RunAgentInput): BaseEvent => ({
  type: EventType.RUN_FINISHED,
  threadId: input.threadId,
  runId: input.runId,
  outcome: { type: 'success' },
});
export const toolCallEvents = (id: string, name: string, args: object): BaseEvent[] => [
  { type: EventType.TOOL_CALL_START, toolCallId: id, toolCallName: name },
  { type: EventType.TOOL_CALL_ARGS, toolCallId: id, delta: JSON.stringify(args) },
  { type: EventType.TOOL_CALL_END, toolCallId: id },
];
export const toolResult = (toolCallId: string, content: string): BaseEvent => ({
  type: EventType.TOOL_CALL_RESULT,
  messageId: `result-${toolCallId}`,
  toolCallId,
  content,
});

/** The tool calls of the agent's messages, as an app finds the one an interrupt concerns. */
export const toolCallOf = (agent: AbstractAgent, id: string | undefined) =>
  agent.messages.flatMap((message) => (message.role === 'assistant' ? (message.toolCalls ?? []) : [])).find((call) => call.id === id);

/** The resume list the app sends, each entry checked by the SDK's schema. */
export const resumeOf = (entries: ResumeEntry[]) => entries.map((entry) => ResumeEntrySchema.parse(entry));

export const emailArgs = { to: 'a@b.com', subject: 'Hi', body: 'Hello' };
export const approvalSchema = {
  type: 'object',
  properties: {
    approved: { type: 'boolean' },
    editedArgs: { type: 'object', properties: { to: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' } } },
  },
  required: ['approved'],
};

/** An agent that proposes `send_email` calls and sends each as its resume entry says. */
export function mailAgent(calls: Array<{ id: string; interrupt: Omit<Interrupt, 'toolCallId'> }>) {
  return new ScriptedAgent((input) => {
    if (input.resume === undefined) {
      const proposals = calls.flatMap(({ id }) => toolCallEvents(id, 'send_email', emailArgs));
      return [
        started(input),
        ...proposals,
        interrupted(
          input,
          calls.map(({ id, interrupt }) => ({ ...interrupt, toolCallId: id })),
        ),
      ];
    }
    const results = calls.map(({ id, interrupt }) => {
      const entry = input.resume?.find((candidate) => candidate.interruptId === interrupt.id);
      const payload = entry?.payload as { approved?: boolean; editedArgs?: object; reason?: string } | undefined;
      if (entry?.status !== 'resolved' || payload?.approved !== true)
        return toolResult(id, `not sent: ${payload?.reason ?? entry?.status ?? 'no entry'}`);
      return toolResult(id, `sent ${JSON.stringify(payload.editedArgs ?? emailArgs)}`);
    });
    return [started(input), ...results, finished(input)];
  });
}

export const toolResults = (agent: AbstractAgent) =>
  agent.messages.filter((message) => message.role === 'tool').map((message) => message.content);
