import type { JsonSchema } from '../../client';
import { isRecord } from '../../utils';

/**
 * An AG-UI `Interrupt` (`@ag-ui/core` 1.x): something a run that ended needs before the next run
 * can continue. The core's `Interrupt` is one.
 */
export interface AgUiInterrupt {
  /** Identifies the interrupt; the resume entry answers it by this id. */
  id: string;
  /** Why the run stopped: `tool_call`, `input_required`, `confirmation`, or a framework's own (`<framework>:<name>`). */
  reason: string;
  /** A prompt for whoever answers. */
  message?: string;
  /** The tool call an approval concerns. */
  toolCallId?: string;
  /** The JSON Schema of the answer (the resume entry's `payload`). */
  responseSchema?: Record<string, unknown>;
  /** When it stops being answerable, ISO 8601 by convention. */
  expiresAt?: string;
  /** The framework's own data. */
  metadata?: Record<string, unknown>;
}

/** How a request reads an interrupt, and so how its answer becomes a payload. */
type InterruptShape = { kind: 'approval'; schema: JsonSchema | undefined } | { kind: 'form'; schema: JsonSchema } | { kind: 'text' };

/** The properties of AG-UI's documented tool-approval schema: `approved`, and `editedArgs` when edits are allowed. */
const APPROVAL_PROPERTIES = new Set(['approved', 'editedArgs', 'reason']);

/**
 * A tool approval is an interrupt with a `toolCallId` whose `responseSchema` is absent or AG-UI's
 * approval schema (`{ approved: boolean, editedArgs?: object }`): a person approves or rejects it.
 * Any other `responseSchema` is a form of that schema (a tool interrupt asking for more, such as
 * a fingerprint to echo, is answered as its schema says); no schema and no tool call, one text.
 */
export function interruptShape(interrupt: Record<string, unknown>): InterruptShape {
  const schema = isRecord(interrupt.responseSchema) ? interrupt.responseSchema : undefined;
  if (typeof interrupt.toolCallId === 'string' && (schema === undefined || isApprovalSchema(schema))) return { kind: 'approval', schema };
  return schema === undefined ? { kind: 'text' } : { kind: 'form', schema };
}

function isApprovalSchema(schema: JsonSchema): boolean {
  const { properties, required = [] } = schema;
  return (
    isRecord(properties) &&
    isRecord(properties.approved) &&
    (properties.approved.type === undefined || properties.approved.type === 'boolean') &&
    Object.keys(properties).every((key) => APPROVAL_PROPERTIES.has(key)) &&
    Array.isArray(required) &&
    required.every((key) => key === 'approved')
  );
}
