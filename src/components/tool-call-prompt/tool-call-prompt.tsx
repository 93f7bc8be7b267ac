import { useId, useMemo, useState, type ComponentType, type ReactNode, type Ref } from 'react';
import type { JsonSchema, ToolCall, ToolDefinition } from '../../client';
import { isFlatObjectSchema, type AutocompletePolicy, type ClassNamePolicy } from '../../form';
import { FORM_INPUT_TOOL_NAME, type FormInputProblem } from '../../schema';
import { isRecord } from '../../utils';
import { useLatestCallback } from '../../utils/react';
import { useMessages } from '../../hooks';
import type { FieldComponents, RenderField } from '../form-view';
import type { HeadingLevel } from '../shared';
import { ToolCallForm } from '../tool-call-form';
import { JsonEditor } from './json-editor';
import type { ToolCallPromptMessages } from './messages';
import { SchemaFormPrompt } from './schema-form-prompt';

/** What a custom renderer of a tool call receives. */
export interface ToolRendererProps {
  /** The call, as first seen for its `toolCallId` (later poll copies are not passed down). */
  toolCall: ToolCall;
  /** The tool's parameters schema from `tools`, if known. */
  schema: JsonSchema | undefined;
  /** Sends the person's answer; resolves or rejects as `onSubmit` does. */
  submit: (input: string) => void | Promise<void>;
  /** The prompt's `disabled`: the renderer should not let the person answer. */
  disabled: boolean;
}

/** Props of `<ToolCallPrompt>`. */
export interface ToolCallPromptProps {
  /** The pending call (`RunStatus.toolCall`). A new object with the same `toolCallId` keeps what the person typed; a new id starts afresh. */
  toolCall: ToolCall;
  /** Receives the answer string for `submitToolInput`, whichever renderer produced it. */
  onSubmit: (input: string) => void | Promise<void>;
  /** Custom renderers by tool name; they take precedence over the built-in ones. Default: none. */
  renderers?: Record<string, ComponentType<ToolRendererProps>>;
  /** The task's tool definitions, where the schema of a call's tool is looked up by name. Default: none (tools other than `form_input` get the JSON editor, syntax-checked only). */
  tools?: ToolDefinition[];
  /** Replaces some of the texts. Default: those of `<MessagesProvider>`, else the English `defaultToolCallPromptMessages`. */
  messages?: Partial<ToolCallPromptMessages>;
  /** As `<ToolCallForm components>`, for `form_input` calls and generated forms. Default: none. */
  components?: FieldComponents;
  /** As `<ToolCallForm renderField>`, for `form_input` calls and generated forms. Default: none. */
  renderField?: RenderField;
  /** As `<ToolCallForm classNamePolicy>`. Default: `'drop'`. */
  classNamePolicy?: ClassNamePolicy;
  /** As `<ToolCallForm autocompletePolicy>`. Default: `'safe'`. */
  autocompletePolicy?: AutocompletePolicy;
  /** Disables the answer, e.g. while it is sent; typed values are kept. Default: false. */
  disabled?: boolean;
  /** As `<ToolCallForm agentNotice>`. Default: "Requested by the automation agent. Check it before you answer." */
  agentNotice?: ReactNode;
  /** As `<ToolCallForm onInvalidParameters>`, for `form_input` calls. Default: none. */
  onInvalidParameters?: (problems: FormInputProblem[]) => void;
  /** The level of the heading element. Default: 2. */
  headingLevel?: HeadingLevel;
  /** The `<form>`'s id and the prefix of its fields' ids. Default: none on the `<form>`; the fields' ids use a generated prefix. */
  id?: string;
  /** The `<form>` of the built-in renderers. Default: none. */
  ref?: Ref<HTMLFormElement>;
  /** Added to the `<form>`'s classes. Default: none. */
  className?: string;
}

/**
 * Renders any pending tool call for the person to answer:
 * a custom renderer when one is registered for the tool's name; `<ToolCallForm>` for
 * `form_input`; a generated form for a tool whose schema is a flat object of primitive
 * properties (answer: the JSON object); otherwise a JSON editor checked against the schema.
 */
export function ToolCallPrompt(props: ToolCallPromptProps) {
  // Keyed by call: a poll's new object keeps the person's input, a new call starts afresh.
  return <ToolCallPromptBody key={props.toolCall?.toolCallId} {...props} />;
}

function findSchema(tools: ToolDefinition[] | undefined, name: string): JsonSchema | undefined {
  const tool = tools?.find((definition) => definition?.function?.name === name);
  const parameters = tool?.function.parameters;
  return isRecord(parameters) ? parameters : undefined;
}

function ToolCallPromptBody({ ref, ...props }: ToolCallPromptProps) {
  // Poll copies of the same call carry the same parameters; the first one is kept.
  const [toolCall] = useState(props.toolCall);
  const generatedId = useId();
  const onSubmit = props.onSubmit;
  const submit = useLatestCallback((input: string) => onSubmit(input));
  const formMessages = useMessages('form', props.messages);
  const promptMessages = useMessages('prompt', props.messages);
  const messages = useMemo(() => ({ ...formMessages, ...promptMessages }), [formMessages, promptMessages]);

  const name = typeof toolCall?.tool?.name === 'string' ? toolCall.tool.name : '';
  const parameters: unknown = toolCall?.tool?.parameters;
  const schema = findSchema(props.tools, name);
  const disabled = props.disabled ?? false;
  const headingLevel = props.headingLevel ?? 2;
  const idBase = props.id ?? generatedId;

  // Own properties only: a tool named "constructor" must not find Object.prototype.constructor.
  const Custom = props.renderers && Object.hasOwn(props.renderers, name) ? props.renderers[name] : undefined;
  if (Custom) return <Custom toolCall={toolCall} schema={schema} submit={submit} disabled={disabled} />;

  if (name === FORM_INPUT_TOOL_NAME) {
    return (
      <ToolCallForm
        parameters={parameters}
        onSubmit={(_answer, input) => submit(input)}
        onInvalidParameters={props.onInvalidParameters}
        messages={messages}
        classNamePolicy={props.classNamePolicy}
        autocompletePolicy={props.autocompletePolicy}
        components={props.components}
        renderField={props.renderField}
        disabled={disabled}
        agentNotice={props.agentNotice}
        headingLevel={headingLevel}
        id={props.id}
        ref={ref}
        className={props.className}
      />
    );
  }

  if (isFlatObjectSchema(schema)) {
    return (
      <SchemaFormPrompt
        toolName={name}
        schema={schema}
        parameters={parameters}
        messages={messages}
        classNamePolicy={props.classNamePolicy}
        autocompletePolicy={props.autocompletePolicy}
        components={props.components}
        renderField={props.renderField}
        disabled={disabled}
        agentNotice={props.agentNotice}
        headingLevel={headingLevel}
        formId={props.id}
        formRef={ref}
        className={props.className}
        submit={submit}
      />
    );
  }

  return (
    <JsonEditor
      toolName={name}
      schema={schema}
      parameters={parameters}
      messages={messages}
      disabled={disabled}
      agentNotice={props.agentNotice}
      headingLevel={headingLevel}
      idBase={idBase}
      formId={props.id}
      formRef={ref}
      className={props.className}
      onSubmit={submit}
    />
  );
}
