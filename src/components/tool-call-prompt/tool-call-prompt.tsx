import { useId, useMemo, useState, type ComponentType, type ReactNode, type Ref } from 'react';
import type { JsonSchema, ToolCall, ToolDefinition } from '../../client';
import { isFlatObjectSchema, type AutocompletePolicy, type ClassNamePolicy } from '../../form';
import { FORM_INPUT_TOOL_NAME, type FormAnswer, type FormInputProblem, type ToolParameters } from '../../schema';
import { isRecord, ownValue } from '../../utils';
import { useLatestCallback, withRefProp } from '../../utils/react';
import { useMessageGroup } from '../../hooks';
import { enFormMessages, enPromptMessages } from '../../messages';
import type { FieldComponents, RenderField } from '../form-view';
import type { HeadingLevel } from '../shared';
import { ToolCallForm } from '../tool-call-form';
import { JsonEditor } from './json-editor';
import type { ToolCallPromptMessages } from './messages';
import { SchemaFormPrompt } from './schema-form-prompt';

/**
 * What a custom renderer of a tool call receives. `Parameters` is the type of the call's
 * parameters, as the tool's `defineTool` schema declares them (`unknown` for other tools).
 */
export interface ToolRendererProps<Parameters = unknown> {
  /** The call, as first seen for its `toolCallId` (later poll copies are not passed down). */
  toolCall: ToolCall;
  /**
   * `toolCall.tool.parameters`, typed by the tool's schema. The service does not hold the agent to
   * that schema, and the agent may have read a hostile page: render the values as text and check
   * them against `schema` before acting on them.
   */
  parameters: Parameters;
  /** The tool's parameters schema from `tools`, if known. */
  schema: JsonSchema | undefined;
  /** Sends the person's answer; resolves or rejects as `onSubmit` does. */
  submit: (input: string) => void | Promise<void>;
  /** The prompt's `disabled`: the renderer should not let the person answer. */
  disabled: boolean;
}

/**
 * Renderers by tool name. With `tools` made by `defineTool`, each renderer must take the
 * parameters its tool's schema declares; with plain `ToolDefinition`s any name and `unknown`.
 */
export type ToolRenderers<Tools extends readonly ToolDefinition[] = ToolDefinition[]> = {
  // Keyed by name rather than remapped from the tools: a mapped type over names gives an inline renderer its props' type.
  readonly [Name in Tools[number]['function']['name']]?: ComponentType<ToolRendererProps<ToolParameters<ToolNamed<Tools, Name>>>>;
};

// `ToolDefinition` while the tools are not yet known, so an inline renderer is first typed for any tool, not for none.
type ToolNamed<Tools extends readonly ToolDefinition[], Name> = [Extract<Tools[number], { function: { name: Name } }>] extends [never]
  ? ToolDefinition
  : Extract<Tools[number], { function: { name: Name } }>;

/** Props of `<ToolCallPrompt>`. */
export interface ToolCallPromptProps<Tools extends readonly ToolDefinition[] = ToolDefinition[]> {
  /** The pending call (`RunStatus.toolCall`). A new object with the same `toolCallId` keeps what the person typed; a new id starts afresh. */
  toolCall: ToolCall;
  /** Receives the answer string for `submitToolInput`, whichever renderer produced it. */
  onSubmit: (input: string) => void | Promise<void>;
  /** Custom renderers by tool name; they take precedence over the built-in ones. Default: none. */
  renderers?: ToolRenderers<NoInfer<Tools>> | undefined;
  /** The task's tool definitions, where the schema of a call's tool is looked up by name; `defineTool` ones type `renderers`. Default: none (tools other than `form_input` get the JSON editor, syntax-checked only). */
  tools?: Tools | undefined;
  /** Replaces some of the texts. Default: those of `<MessagesProvider>`, else English. */
  messages?: Partial<ToolCallPromptMessages> | undefined;
  /** As `<ToolCallForm components>`, for `form_input` calls and generated forms. Default: none. */
  components?: FieldComponents | undefined;
  /** As `<ToolCallForm renderField>`, for `form_input` calls and generated forms. Default: none. */
  renderField?: RenderField | undefined;
  /** As `<ToolCallForm classNamePolicy>`. Default: `'drop'`. */
  classNamePolicy?: ClassNamePolicy | undefined;
  /** As `<ToolCallForm autocompletePolicy>`. Default: `'safe'`. */
  autocompletePolicy?: AutocompletePolicy | undefined;
  /** Disables the answer, e.g. while it is sent; typed values are kept. Default: false. */
  disabled?: boolean | undefined;
  /** As `<ToolCallForm defaultValues>`, for `form_input` calls: a draft to start from. Default: the fields' defaults. */
  defaultValues?: FormAnswer | undefined;
  /** As `<ToolCallForm onValuesChange>`, for `form_input` calls: observes the draft. Default: none. */
  onValuesChange?: ((answer: FormAnswer) => void) | undefined;
  /** As `<ToolCallForm agentNotice>`. Default: "Requested by the automation agent. Check it before you answer." */
  agentNotice?: ReactNode | undefined;
  /** As `<ToolCallForm onInvalidParameters>`, for `form_input` calls. Default: none. */
  onInvalidParameters?: ((problems: FormInputProblem[]) => void) | undefined;
  /** The level of the heading element. Default: 2. */
  headingLevel?: HeadingLevel | undefined;
  /** The `<form>`'s id and the prefix of its fields' ids. Default: none on the `<form>`; the fields' ids use a generated prefix. */
  id?: string | undefined;
  /** The `<form>` of the built-in renderers. Default: none. */
  ref?: Ref<HTMLFormElement> | undefined;
  /** Added to the `<form>`'s classes. Default: none. */
  className?: string | undefined;
}

/**
 * Renders any pending tool call for the person to answer:
 * a custom renderer when one is registered for the tool's name; `<ToolCallForm>` for
 * `form_input`; a generated form for a tool whose schema is a flat object of primitive
 * properties (answer: the JSON object); otherwise a JSON editor checked against the schema.
 */
function ToolCallPromptRoot<const Tools extends readonly ToolDefinition[] = ToolDefinition[]>(props: ToolCallPromptProps<Tools>) {
  // The body looks renderers up by the name the agent sent, at run time: the per-tool types have done their work.
  const untyped = props as ToolCallPromptProps<readonly ToolDefinition[]> as ToolCallPromptProps;
  // Keyed by call: a poll's new object keeps the person's input, a new call starts afresh.
  return <ToolCallPromptBody key={props.toolCall?.toolCallId} {...untyped} />;
}
ToolCallPromptRoot.displayName = 'ToolCallPrompt';

// Declared with the component's own type: it stays generic, and inline renderers get their props' types from it.
export const ToolCallPrompt: typeof ToolCallPromptRoot = withRefProp(ToolCallPromptRoot);

/**
 * The custom renderer of a tool, if `renderers` has one. Own properties only: a tool named
 * "constructor" must not find Object.prototype.constructor. The run components ask it too, so a
 * custom renderer gets no frame of theirs: it brings its own.
 */
export function customRenderer(renderers: ToolRenderers | undefined, name: string): ComponentType<ToolRendererProps> | undefined {
  return ownValue<ComponentType<ToolRendererProps>>(renderers, name);
}

function findSchema(tools: readonly ToolDefinition[] | undefined, name: string): JsonSchema | undefined {
  const tool = tools?.find((definition) => definition?.function?.name === name);
  const parameters = tool?.function.parameters;
  return isRecord(parameters) ? parameters : undefined;
}

const ToolCallPromptBody = withRefProp(function ToolCallPromptBody({ ref, ...props }: ToolCallPromptProps) {
  // Poll copies of the same call carry the same parameters; the first one is kept.
  const [toolCall] = useState(props.toolCall);
  const generatedId = useId();
  const onSubmit = props.onSubmit;
  const submit = useLatestCallback((input: string) => onSubmit(input));
  const formMessages = useMessageGroup('form', enFormMessages, props.messages);
  const promptMessages = useMessageGroup('prompt', enPromptMessages, props.messages);
  const messages = useMemo(() => ({ ...formMessages, ...promptMessages }), [formMessages, promptMessages]);

  const name = typeof toolCall?.tool?.name === 'string' ? toolCall.tool.name : '';
  const parameters: unknown = toolCall?.tool?.parameters;
  const schema = findSchema(props.tools, name);
  const disabled = props.disabled ?? false;
  const headingLevel = props.headingLevel ?? 2;
  const idBase = props.id ?? generatedId;

  const Custom = customRenderer(props.renderers, name);
  if (Custom) return <Custom toolCall={toolCall} parameters={parameters} schema={schema} submit={submit} disabled={disabled} />;

  if (name === FORM_INPUT_TOOL_NAME) {
    return (
      <ToolCallForm
        parameters={parameters}
        onSubmit={(_answer, input) => submit(input)}
        onInvalidParameters={props.onInvalidParameters}
        defaultValues={props.defaultValues}
        onValuesChange={props.onValuesChange}
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
});
