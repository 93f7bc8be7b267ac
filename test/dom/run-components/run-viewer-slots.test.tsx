/** `<RunViewer components renderField>`: the slots reach the forms of the prompt it renders. */
import { render, screen } from '@testing-library/react';
import { RunViewer } from '../../../src/components/run-viewer';
import type { FieldSlotProps, RenderField } from '../../../src/components/tool-call-form';
import { advance, installFakeClock, removeFakeClock, setupUser } from '../hooks/hook-test-utils';
import { expectAccessible } from './axe-with-fake-timers';
import { destroyStores, provider, simulator, startTask } from './simulator-harness';

beforeEach(installFakeClock);
afterEach(() => {
  removeFakeClock();
  destroyStores();
});

/** A design system's text input: its own class, the field's props (id, name, value, aria wiring) from the hook. */
function BrandInput({ field }: FieldSlotProps) {
  return <input {...field.getInputProps()} className="brand-input" />;
}

describe('RunViewer with field slots', () => {
  it('renders the prompt with a custom text input, wired to the label, and sends what was typed in it', async () => {
    const service = simulator();
    const { taskId } = await startTask(service, 'Log in to the shop');
    const { wrapper } = provider(service.client);
    const renderField: RenderField = (field, props, Default) =>
      field.kind === 'password' ? (
        <div className="brand-wrapper">
          <Default {...props} />
        </div>
      ) : (
        <Default {...props} />
      );
    const { container } = render(<RunViewer taskId={taskId} components={{ text: BrandInput }} renderField={renderField} />, { wrapper });
    await advance(0);
    await advance(4000);

    const username = screen.getByRole('textbox', { name: /Username/ });
    expect(username).toHaveClass('brand-input');
    expect(screen.getByLabelText(/Password/).closest('.brand-wrapper')).not.toBeNull();
    await expectAccessible(container);

    const user = setupUser();
    await user.type(username, 'ada');
    await user.type(screen.getByLabelText(/Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await advance(0);
    await advance(1000);
    expect(service.getTask(taskId)?.runs[0]?.answers.map((answer) => answer.input)).toEqual([
      JSON.stringify([
        { label: 'Username', value: 'ada' },
        { label: 'Password', value: 'correct horse' },
      ]),
    ]);
  });
});
