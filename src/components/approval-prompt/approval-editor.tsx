import type { ReactNode, Ref } from 'react';
import type { JsonSchema } from '../../client';
import { isFlatObjectSchema } from '../../form';
import type { HeadingLevel } from '../shared';
import { ApprovalJsonEditor } from './approval-json-editor';
import { ApprovalSchemaForm } from './approval-schema-form';
import type { ApprovalPromptMessages } from './messages';

/** Props of `ApprovalEditor`. */
interface ApprovalEditorProps {
  /** The tool's or action's name, for the JSON editor's note about a missing schema. */
  toolName: string;
  /** The arguments' schema: a flat object makes a form of fields, anything else (or none) a JSON editor. */
  schema: JsonSchema | undefined;
  /** The arguments to start from; untrusted. */
  parameters: unknown;
  messages: ApprovalPromptMessages;
  /** Disables the fields and the submit button; what was typed is kept. */
  disabled: boolean;
  /** The level of the editor's heading. */
  headingLevel: HeadingLevel;
  /** Prefix of the editor's element ids, and the `<form>`'s id. */
  id: string;
  /** Receives the edited arguments once they are valid; a rejected promise keeps the editor as it is. */
  onSubmit: (edited: unknown) => void | Promise<void>;
  /** The editor's wrapper, to move focus into its first control. Default: none. */
  editorRef?: Ref<HTMLDivElement>;
  /** Under the form: the button that leaves the editor. */
  children: ReactNode;
}

/**
 * The editing step of an approval: the arguments in a generated form when the schema is a flat
 * object (`isFlatObjectSchema`), else in the JSON editor, followed by `children`.
 */
export function ApprovalEditor({
  toolName,
  schema,
  parameters,
  messages,
  disabled,
  headingLevel,
  id,
  onSubmit,
  editorRef,
  children,
}: ApprovalEditorProps) {
  const editorProps = { parameters, messages, disabled, headingLevel, id, formRef: undefined };
  return (
    <div className="hitl-approval-editor" ref={editorRef}>
      {isFlatObjectSchema(schema) ? (
        <ApprovalSchemaForm {...editorProps} schema={schema} onSubmit={onSubmit} />
      ) : (
        <ApprovalJsonEditor {...editorProps} toolName={toolName} schema={schema} onSubmit={onSubmit} />
      )}
      {children}
    </div>
  );
}
