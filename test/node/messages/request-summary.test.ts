/**
 * `summarizeRequest`: what a request asks in one line, as the inbox lists it (and the proxy's
 * notifications will say it), whatever framework asked; the request is untrusted.
 */
import { en } from '../../../src/messages';
import { summarizeRequest, type HumanApprovalRequest, type HumanRequest } from '../../../src/request';

const approval: HumanApprovalRequest = {
  kind: 'approval',
  id: 'interrupt-1',
  source: 'langgraph',
  actions: [
    { name: 'send_email', args: {}, description: 'Send the weekly\n report' },
    { name: 'delete_file', args: {} },
  ],
};

describe('summarizeRequest', () => {
  it('names an approval without a title by its first action, says how many follow, and what for by its description', () => {
    expect(summarizeRequest(approval)).toEqual({ title: 'send_email', detail: 'Send the weekly report', moreActions: 1 });
    expect(summarizeRequest({ ...approval, actions: approval.actions.slice(0, 1) })).toEqual({
      title: 'send_email',
      detail: 'Send the weekly report',
      moreActions: 0,
    });
  });

  it('prefers the request’s title, then a form’s heading; the message says what for', () => {
    expect(summarizeRequest({ ...approval, title: 'Weekly report', message: 'Before 5 pm' })).toEqual({
      title: 'Weekly report',
      detail: 'Send the weekly report',
      moreActions: 0,
    });
    const form: HumanRequest = { kind: 'form', id: 'c', source: 'ai-sdk', parameters: { heading: 'Sign in', fields: [] }, message: 'Acme' };
    expect(summarizeRequest(form)).toEqual({ title: 'Sign in', detail: 'Acme', moreActions: 0 });
    const schema: HumanRequest = {
      kind: 'form',
      id: 'e',
      source: 'mcp',
      schema: { type: 'object', title: 'Booking' },
      message: 'How many?',
    };
    expect(summarizeRequest(schema)).toEqual({ title: 'Booking', detail: 'How many?', moreActions: 0 });
  });

  it('falls back to the kind’s title, the English of <HumanRequestPrompt>’s headings unless given others', () => {
    const bare: HumanRequest[] = [
      { kind: 'form', id: 'a', source: 'mcp', schema: { type: 'object' } },
      { kind: 'approval', id: 'b', source: 'ag-ui', actions: [] },
      { kind: 'link', id: 'c', source: 'mcp', url: 'https://example.com' },
    ];
    expect(bare.map((request) => summarizeRequest(request).title)).toEqual([
      en.request.formHeading(),
      en.request.approvalHeading(),
      en.request.linkHeading(),
    ]);
    const kindTitles = { form: 'Formular', approval: 'Genehmigung', link: 'Seite' };
    expect(bare.map((request) => summarizeRequest(request, { kindTitles }).title)).toEqual(['Formular', 'Genehmigung', 'Seite']);
  });

  it('keeps agent-made text on one line and cut, and passes over what is not text', () => {
    const long = 'x'.repeat(500);
    expect(summarizeRequest({ ...approval, title: `  ${long}\n` }).title).toBe(`${'x'.repeat(120)}…`);
    expect(summarizeRequest({ ...approval, title: long }, { maxLength: 10 }).title).toBe('xxxxxxxxxx…');
    const hostile = { kind: 'approval', id: 'h', source: 'x', title: 42, message: { toString: () => 'boom' }, actions: [null, 'a'] };
    expect(summarizeRequest(hostile as unknown as HumanRequest)).toEqual({ title: 'Approval requested', moreActions: 0 });
    expect(summarizeRequest(null as unknown as HumanRequest)).toEqual({ title: 'Input requested', moreActions: 0 });
  });

  it('says no detail that only repeats the title', () => {
    expect(summarizeRequest({ ...approval, title: 'Send it', message: 'Send it', actions: [] })).toEqual({
      title: 'Send it',
      moreActions: 0,
    });
  });
});
