// interrupts.tsx: the interrupts of an AG-UI agent's last run (`HttpAgent` or any other), resumed once all are answered.
import { useEffect, useRef, useState } from 'react';
import type { AbstractAgent, Interrupt, ResumeEntry } from '@ag-ui/client';
import { HumanRequestPrompt, type HumanAnswer } from '../../src';
import { fromAgUiInterrupt, toResumeEntry } from '../../src/adapters/ag-ui';

export function Interrupts({ agent }: { agent: AbstractAgent }) {
  const [pending, setPending] = useState(agent.pendingInterrupts);
  const answered = useRef(new Map<string, ResumeEntry>());
  useEffect(() => agent.subscribe({ onRunFinalized: () => setPending(agent.pendingInterrupts) }).unsubscribe, [agent]);

  const answer = async (interrupt: Interrupt, given: HumanAnswer) => {
    answered.current.set(interrupt.id, toResumeEntry(given, interrupt));
    // The next run must answer every interrupt of the last one: it starts with the last answer.
    if (answered.current.size < pending.length) return;
    await agent.runAgent({ resume: [...answered.current.values()] });
    answered.current.clear();
  };
  // A tool approval names its call; the call's name and arguments are in the agent's messages.
  const toolCallOf = (interrupt: Interrupt) =>
    agent.messages
      .flatMap((message) => (message.role === 'assistant' ? (message.toolCalls ?? []) : []))
      .find((call) => call.id === interrupt.toolCallId);

  // Each prompt is a region named by its heading: several need headings of their own.
  const titleOf = (index: number) => (pending.length > 1 ? `Request ${index + 1} of ${pending.length}` : undefined);

  return pending.map((interrupt, index) => (
    <HumanRequestPrompt
      key={interrupt.id}
      request={fromAgUiInterrupt(interrupt, { toolCall: toolCallOf(interrupt), title: titleOf(index) })}
      onAnswer={(given) => answer(interrupt, given)}
    />
  ));
}
