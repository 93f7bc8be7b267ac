/**
 * The texts `<ApprovalPrompt>` writes itself: the heading, the names of the arguments, the three
 * decisions and the steps of rejecting and editing. The fields of its argument editor speak with
 * the `form` group, its JSON editor with the `prompt` group. Each is a function, so translations
 * can reorder words.
 */
export interface ApprovalMessages {
  /** Heading of the prompt and name of its region. `title` is the schema's `title`. Default: the title, else "Approve <toolName>?". */
  heading(context: { toolName: string; title: string | undefined }): string;
  /** Name of an argument in the list. `title` is the property's `title` in the schema. Default: the title, else the argument's key. */
  argumentName(context: { name: string; title: string | undefined }): string;
  /** Shown instead of the list when the call has no arguments. Default: "No arguments." */
  noArguments(): string;
  /** The button that approves the call as it is. Default: "Approve". */
  approve(): string;
  /** The button that starts a rejection (asks for a reason first). Default: "Reject". */
  reject(): string;
  /** The button that opens the editor of the arguments. Default: "Edit". */
  edit(): string;
  /** Label of the reason's text area. Default: "Reason for rejecting (optional)". */
  reasonLabel(): string;
  /** Help under the reason's text area. Default: "The agent receives it with your answer." */
  reasonHint(): string;
  /** The button that sends the rejection. Default: "Send rejection". */
  sendRejection(): string;
  /** Leaves the reason or the editor without sending, back to the decision. Default: "Cancel". */
  cancel(): string;
  /** Heading of the argument editor. Default: "Edit the arguments". */
  editHeading(): string;
  /** Label of the JSON editor of the arguments, used when no form can be generated. Default: "Arguments (JSON)". */
  argumentsEditorLabel(): string;
  /** The editor's submit button: approves with the edited arguments. Default: "Approve with changes". */
  approveEdited(): string;
}

/** The English `ApprovalMessages`. */
export const enApprovalMessages: ApprovalMessages = {
  heading: ({ toolName, title }) => title ?? `Approve ${toolName}?`,
  argumentName: ({ name, title }) => title ?? name,
  noArguments: () => 'No arguments.',
  approve: () => 'Approve',
  reject: () => 'Reject',
  edit: () => 'Edit',
  reasonLabel: () => 'Reason for rejecting (optional)',
  reasonHint: () => 'The agent receives it with your answer.',
  sendRejection: () => 'Send rejection',
  cancel: () => 'Cancel',
  editHeading: () => 'Edit the arguments',
  argumentsEditorLabel: () => 'Arguments (JSON)',
  approveEdited: () => 'Approve with changes',
};
