// tool-requests.tsx: the tool parts of a `useChat` message that wait for a person.
import { isToolUIPart, type AbstractChat, type UIMessage } from 'ai';
import { HumanRequestPrompt, type HumanAnswer } from '../../src';
import { fromToolApproval, fromToolCall, toToolApprovalResponse, toToolOutput } from '../../src/adapters/ai-sdk';

/** What `useChat()` returns has both. */
type ChatAnswers = Pick<AbstractChat<UIMessage>, 'addToolApprovalResponse' | 'addToolOutput'>;

export function ToolRequests({ message, chat }: { message: UIMessage; chat: ChatAnswers }) {
  return message.parts.filter(isToolUIPart).map((part) => {
    // A tool with `needsApproval`: the chat runs it once approved.
    if (part.state === 'approval-requested') {
      const approve = (answer: HumanAnswer) => chat.addToolApprovalResponse(toToolApprovalResponse(answer));
      return <HumanRequestPrompt key={part.toolCallId} request={fromToolApproval(part)} onAnswer={approve} />;
    }
    // A tool without `execute` whose input is a `form_input` form: the answer is its output.
    if (part.type === 'tool-form_input' && part.state === 'input-available') {
      const reply = (answer: HumanAnswer) => chat.addToolOutput(toToolOutput(answer, part));
      return <HumanRequestPrompt key={part.toolCallId} request={fromToolCall(part)} onAnswer={reply} />;
    }
    return null;
  });
}
