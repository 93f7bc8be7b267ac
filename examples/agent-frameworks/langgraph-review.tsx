// review.tsx: the agent's interrupt in the page, with LangGraph's `useStream` (the agent on a LangGraph server).
import { useStream } from '@langchain/langgraph-sdk/react';
import { HumanRequestPrompt } from '../../src';
import { fromInterrupt, toInterruptResponse } from '../../src/adapters/langgraph';

export function Review({ apiUrl, threadId }: { apiUrl: string; threadId: string }) {
  const stream = useStream({ apiUrl, assistantId: 'agent', threadId });
  const interrupt = stream.interrupt;
  if (interrupt === undefined) return null;
  return (
    <HumanRequestPrompt
      request={fromInterrupt(interrupt)}
      onAnswer={(answer) => stream.submit(null, { command: { resume: toInterruptResponse(answer, interrupt) } })}
    />
  );
}
