/**
 * The OpenAI Agents SDK and Mastra, end to end: the real package runs in this Node process on its
 * own mock model, its request goes through its adapter to `<HumanRequestPrompt>` in Chromium, a
 * person answers it there by role and label, and the answer goes back through the adapter to the
 * package, which must resume as the person decided. One browser, one page, one request at a time.
 */
import { standardSchemaToJSONSchema } from '@mastra/core/schema';
import { fromSuspendedStep, fromToolCallApproval, toResumeData, toToolCallDecision } from '../../src/adapters/mastra';
import { fromToolApprovals } from '../../src/adapters/openai-agents';
import { filesAgent, lastToolResult, streamToApproval, suspendedRefund } from '../node/adapters/mastra-fixture';
import { expectResumedWithAlwaysAndReason, interruptedRun } from '../node/adapters/openai-agents-fixture';
import { WAIT, useRequestPage } from './request-page';

const rig = useRequestPage();

describe('OpenAI Agents SDK (a run stopped at two tools with needsApproval, resumed from its serialised RunState)', () => {
  it('one approved "always", one rejected with a message: the approved tool runs once, its next call asks nothing, the model reads the message', async () => {
    const { result, saved, done: doneBefore } = await interruptedRun();
    const answer = rig.ask(fromToolApprovals(result.interruptions));
    const region = await rig.shown('Approval requested', ['ann@example.com', '/tmp/report.pdf']);
    await region.getByText('Requested by Mailer').waitFor(WAIT);

    const mail = region.getByRole('region', { name: 'Action 1 of 2: send_email' });
    await mail.getByRole('checkbox', { name: 'Always for send_email' }).check();
    await mail.getByRole('button', { name: 'Approve' }).click();
    await mail.getByText('Approved — always for this tool').waitFor(WAIT);

    const deletion = region.getByRole('region', { name: 'Action 2 of 2: delete_file' });
    await deletion.getByRole('button', { name: 'Reject' }).click();
    await deletion.getByLabel('Reason for rejecting (optional)').fill('Keep it, I still need it');
    expect(await rig.axeViolations()).toEqual([]);
    await deletion.getByRole('button', { name: 'Send rejection' }).click();
    await region.getByRole('button', { name: 'Send decisions' }).click();
    const sent = await answer;
    await region.getByRole('status').filter({ hasText: 'Answer sent.' }).waitFor(WAIT);
    expect(doneBefore).toEqual([]);

    // Another process: the state rehydrated from its text, the answer applied, the run resumed.
    await expectResumedWithAlwaysAndReason(saved, sent);
  });
});

describe('Mastra agent (a tool with requireApproval, resumed with approveToolCall or declineToolCall)', () => {
  it('approved: the tool runs once, and the model reads its output', async () => {
    const { agent, prompts, deleted } = filesAgent();
    const { approval } = await streamToApproval(agent);
    const request = fromToolCallApproval(approval, { requestedBy: 'Files' });
    const answer = rig.ask(request);
    const region = await rig.shown('Approval requested', ['/tmp/report.pdf']);
    await region.getByRole('heading', { name: 'Approve deleteFile?' }).waitFor(WAIT);
    await region.getByRole('button', { name: 'Approve' }).click();

    const { runId, toolCallId } = toToolCallDecision(await answer, request);
    const resumed = await agent.approveToolCall({ runId, toolCallId });
    expect(await resumed.text).toBe('Done');
    expect(deleted).toEqual(['/tmp/report.pdf']);
    expect(lastToolResult(prompts)).toEqual({ type: 'json', value: { deleted: '/tmp/report.pdf' } });
  });

  it('declined with a reason: the tool never runs, and the model reads the reason', async () => {
    const { agent, prompts, deleted } = filesAgent();
    const { approval } = await streamToApproval(agent);
    const request = fromToolCallApproval(approval);
    const answer = rig.ask(request);
    const region = await rig.shown('Approval requested', ['/tmp/report.pdf']);
    await region.getByRole('button', { name: 'Reject' }).click();
    await region.getByLabel('Reason for rejecting (optional)').fill('Keep it, I still need it');
    await region.getByRole('button', { name: 'Send rejection' }).click();

    const resumed = await agent.declineToolCall(toToolCallDecision(await answer, request));
    expect(await resumed.text).toBe('Done');
    expect(deleted).toEqual([]);
    expect(lastToolResult(prompts)).toEqual({ type: 'text', value: 'Keep it, I still need it' });
  });
});

describe('Mastra workflow (a step suspended with a resumeSchema, resumed with run.resume)', () => {
  it('the step’s resumeSchema, as Mastra gives it, is a form; the step receives the typed answer and the workflow finishes', async () => {
    const { workflow, run: refund, step, suspendPayload, resumed } = await suspendedRefund();
    const resumeSchema = workflow.steps['review-refund']?.resumeSchema;
    if (resumeSchema === undefined) throw new Error('the step has no resumeSchema');
    const request = fromSuspendedStep({
      runId: refund.runId,
      stepId: step,
      suspendPayload,
      resumeSchema: standardSchemaToJSONSchema(resumeSchema, { io: 'input' }),
      title: 'Refund review',
    });
    const answer = rig.ask(request);
    const region = await rig.shown('Refund review', ['Refund order A-17?']);
    await region.getByRole('checkbox', { name: 'Approve the refund' }).check();
    await region.getByLabel('Amount').fill('30');
    await region.getByRole('combobox', { name: 'Refund to' }).click();
    await rig.page.getByRole('option', { name: 'voucher', exact: true }).click();
    await region.getByLabel('Note').fill('Arrived broken');
    expect(await rig.axeViolations()).toEqual([]);
    await region.getByRole('button', { name: 'Submit' }).click();

    const resumeData = toResumeData(await answer, request);
    const finished = await refund.resume({ step, resumeData });
    const typed = { approved: true, amount: 30, refundTo: 'voucher', note: 'Arrived broken' };
    expect(resumed).toEqual([typed]);
    expect(finished.status).toBe('success');
    expect(finished.status === 'success' && finished.result).toEqual({ refunded: 30, to: 'voucher' });
  });
});
