/**
 * The operator's inbox in Debian's Chromium, over the proxy and the HTTP simulator: three waiting
 * runs and a busy one show as three items; one is answered in place by keyboard alone, which
 * leaves two and reaches the service once; axe finds nothing.
 */
import { formInputTool } from '../../src/schema';
import { answerFormInput } from '../../src/testing/playwright';
import { axeViolations } from './axe';
import { askScenario, busyScenario } from './e2e-scenarios';
import { usePageRig } from './cross-tab-page';

const API_KEY = 'sk_inbox_e2e_M3x9';
const WAIT = { timeout: 20_000 };

const SCENARIOS = [busyScenario('busy'), askScenario('ask', 'Confirm the order', [{ type: 'text', label: 'Code', required: true }])];

const rig = usePageRig({ apiKey: API_KEY, seed: 'inbox', scenarios: SCENARIOS });

describe('the inbox, in Chromium', () => {
  it('lists three waiting runs of four, and answers one in place by keyboard alone', async () => {
    for (const task of ['ask one', 'ask two', 'ask three', 'busy four'])
      await rig.simulator.service.client.createTask({ task, agent: 'BROWSER_AGENT', tools: [formInputTool()] });
    const context = await rig.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${rig.server.url}/?mode=inbox`);
    const list = page.getByRole('list', { name: 'Tool calls waiting for your answer' });
    await page.getByRole('heading', { name: 'Waiting for you (3)' }).waitFor(WAIT);
    expect(await list.getByRole('button').count()).toBe(3);
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const code = page.getByRole('textbox', { name: /Code/ });
    await code.waitFor(WAIT);
    expect(await code.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.type('4321');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Waiting for you (2)' }).waitFor(WAIT);
    expect(await list.getByRole('button').count()).toBe(2);
    const posts = rig.simulator.service.requests.filter((request) => request.path.endsWith('/run/tool-input'));
    expect(posts).toHaveLength(1);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('answerFormInput answers an item opened in place, which then leaves, and still reports an answer that could not be sent', async () => {
    const service = rig.simulator.service;
    const answered = await service.client.createTask({
      task: 'ask for the helper to answer',
      agent: 'BROWSER_AGENT',
      tools: [formInputTool()],
    });
    await service.client.createTask({ task: 'ask for the helper to fail', agent: 'BROWSER_AGENT', tools: [formInputTool()] });
    const context = await rig.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${rig.server.url}/?mode=inbox`);
    const list = page.getByRole('list', { name: 'Tool calls waiting for your answer' });
    const item = (task: string) => list.getByRole('listitem').filter({ has: page.getByRole('button', { name: task }) });

    await item('ask for the helper to answer').getByRole('button', { name: 'ask for the helper to answer' }).click(WAIT);
    await answerFormInput(item('ask for the helper to answer'), { Code: '2468' }, WAIT);
    expect(service.getTask(answered.taskId)?.runs[0]?.answers.map((answer) => answer.input)).toEqual([
      JSON.stringify([{ label: 'Code', value: '2468' }]),
    ]);
    expect(await item('ask for the helper to answer').count()).toBe(0);

    service.faults.inject({ type: 'http-429', match: { method: 'POST', path: '/api/v1/task/{taskId}/run/tool-input' } });
    await item('ask for the helper to fail').getByRole('button', { name: 'ask for the helper to fail' }).click(WAIT);
    await expect(answerFormInput(item('ask for the helper to fail'), { Code: '1357' }, WAIT)).rejects.toThrow(
      /^answerFormInput: the answer could not be sent: /,
    );
    expect(await item('ask for the helper to fail').count()).toBe(1);
    await context.close();
  });
});
