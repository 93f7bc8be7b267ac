'use server';

import { redirect } from 'next/navigation';
import { formInputTool } from 'hitl-react';
import { taskService } from '../../lib/task-service';

/** Starts a task on the server and opens its page. */
export async function startTask(formData: FormData): Promise<void> {
  const task = formData.get('task');
  if (typeof task !== 'string' || task.trim() === '') return;
  const { taskId } = await taskService().createTask({ task, agent: 'BROWSER_AGENT', tools: [formInputTool()] });
  redirect(`/server-form/${encodeURIComponent(taskId)}`);
}

/** `<ToolCallForm>`'s `onSubmit`, bound to the call it answers: sends `input` from the server. */
export async function answerToolCall(taskId: string, toolCallId: string, _answer: unknown, input: string): Promise<void> {
  await taskService().submitToolInput(taskId, { toolCallId, input });
  redirect(`/server-form/${encodeURIComponent(taskId)}`);
}
