/** One suggested task; its words pick the matching scenario of the simulated service. */
export interface ExamplePrompt {
  /** Button text. */
  label: string;
  /** The instruction it fills in. */
  text: string;
  /** Whether the scenario asks through `approve_purchase`, which must then be among the task's tools. */
  needsApproval?: boolean;
  /** Whether the agent hands its browser over through `human_control`, which must then be among the task's tools. */
  needsControl?: boolean;
}

export const EXAMPLE_PROMPTS: readonly ExamplePrompt[] = [
  { label: 'Log in', text: 'Log in to Acme Shop and show my open orders' },
  { label: '2FA', text: 'Log in to my Northwind Bank account with 2FA and read my balances' },
  { label: 'Shipping', text: 'Check out my Acme Shop cart and choose shipping' },
  {
    label: 'Approve a purchase',
    text: 'Buy the ergonomic office chair at Acme Furniture after I approve the purchase',
    needsApproval: true,
  },
  { label: 'Take control', text: 'Check out past a CAPTCHA (take control)', needsControl: true },
  { label: 'Failing run', text: 'Book my Lisbon trip on Acme Travel (this run will fail at payment)' },
  { label: 'Long run', text: 'Research and compare lightweight laptops across three shops' },
];
