import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { type ToolCallFormProps, MessagesProvider, RunList, ToolCallForm } from '../../src';
import { ja } from '../../src/messages/locales/ja';
import { expectRefused, expectSubmitted, formEventArgs, formEventArgTypes } from '../support/form-stories';
import { releaseSimulator, storyRunOf, withSimulator } from '../support/simulator';
import { waitingLogin, waitingRunStory } from '../support/waiting-run-story';

/** `hitl-react/locales/ja` given to every part by `<MessagesProvider>`; the page says it is Japanese (`lang`). */
const withJapanese: Decorator<ToolCallFormProps> = (Story) => (
  <div lang="ja">
    <MessagesProvider messages={ja}>
      <Story />
    </MessagesProvider>
  </div>
);

/** A waiting login run of the simulated service, for the run stories. */
/**
 * The components in Japanese: `import { ja } from 'hitl-react/locales/ja'` and one
 * `<MessagesProvider messages={ja}>`. Messages, counters and dates (`Intl.DateTimeFormat` with
 * the locale's `ja` tag) are written the Japanese way.
 */
const meta = {
  title: 'Languages/Japanese',
  component: ToolCallForm,
  tags: ['autodocs'],
  decorators: [withJapanese],
  args: {
    ...formEventArgs(),
    parameters: {
      heading: '配送先の確認',
      fields: [
        { type: 'text', label: 'お名前', required: true, minLength: 2 },
        { type: 'email', label: 'メールアドレス', required: true },
        { type: 'textarea', label: '備考', maxLength: 200 },
        { type: 'checkbox', label: '利用規約に同意する', required: true },
      ],
    },
  },
  argTypes: formEventArgTypes,
} satisfies Meta<typeof ToolCallForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Errors and the summary in Japanese (a counter, 件, after the number), then the answer sent. */
export const Form: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const name = canvas.getByRole('textbox', { name: /お名前/ });
    await userEvent.type(name, '山');
    await userEvent.click(canvas.getByRole('button', { name: '送信' }));
    await expectRefused(canvasElement, args, {
      summary: '3件の項目を修正してください: お名前、メールアドレス、利用規約に同意する。',
      focused: name,
      invalid: name,
      message: '2文字以上で入力してください',
    });
    await expect(canvas.getAllByText('この項目は必須です')).toHaveLength(2);

    await userEvent.type(name, '田');
    await userEvent.type(canvas.getByRole('textbox', { name: /メールアドレス/ }), 'yamada@example.jp');
    await userEvent.click(canvas.getByRole('checkbox', { name: /利用規約に同意する/ }));
    await userEvent.click(canvas.getByRole('button', { name: '送信' }));
    await expectSubmitted(args, [
      { label: 'お名前', value: '山田' },
      { label: 'メールアドレス', value: 'yamada@example.jp' },
      { label: '備考', value: '' },
      { label: '利用規約に同意する', value: true },
    ]);
  },
};

/** A run waiting for the person, against the simulated service. */
export const Run: Story = waitingRunStory({ region: '最新の実行', waiting: 'あなたの入力を待っています', stop: '実行を停止' });

/** A task's runs: the start time as `Intl.DateTimeFormat` writes it in Japanese (2025/03/14). */
export const Runs: Story = {
  loaders: [waitingLogin],
  beforeEach: releaseSimulator,
  decorators: [withSimulator],
  render: (_args, context) => <RunList taskId={storyRunOf(context).taskId} />,
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('region', { name: '実行' });
    const time = await within(list).findByText(/2025\/0?3\/14/);
    await expect(time.tagName).toBe('TIME');
    await expect(within(list).getByText('1ページ中1ページ目')).toBeVisible();
  },
};
