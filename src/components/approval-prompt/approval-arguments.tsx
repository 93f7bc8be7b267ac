import type { JsonSchema } from '../../client';
import type { ApprovalMessages } from '../../messages';
import { isRecord } from '../../utils';
import { formatValue } from '../shared';

/** Props of `ApprovalArguments`. */
interface ApprovalArgumentsProps {
  /** The call's arguments, as the agent sent them; untrusted. */
  parameters: unknown;
  /** The tool's schema, for the arguments' titles; undefined for none. */
  schema: JsonSchema | undefined;
  messages: ApprovalMessages;
}

function titleOf(schema: JsonSchema | undefined, name: string): string | undefined {
  const properties = schema?.properties;
  // Own properties only: an argument named "constructor" must not find Object.prototype's.
  const property: unknown = isRecord(properties) && Object.hasOwn(properties, name) ? properties[name] : undefined;
  return isRecord(property) && typeof property.title === 'string' && property.title.trim() !== '' ? property.title : undefined;
}

/** A nested value as pretty-printed JSON text; the stylesheet wraps it rather than scroll it, since a scrolling block would need a tab stop. */
function JsonBlock({ value }: { value: unknown }) {
  return (
    <pre className="hitl-approval-json">
      <bdi>{formatValue(value, true)}</bdi>
    </pre>
  );
}

/**
 * The arguments as text: a definition list of the top-level keys, primitive values as they are,
 * nested ones as pretty-printed JSON. Keys and values are agent-made, so they are never HTML and sit
 * in `<bdi>`, where bidirectional control characters cannot reorder the text around them.
 */
export function ApprovalArguments({ parameters, schema, messages }: ApprovalArgumentsProps) {
  if (parameters === undefined || parameters === null || (isRecord(parameters) && Object.keys(parameters).length === 0)) {
    return <p className="hitl-approval-empty">{messages.noArguments()}</p>;
  }
  // An agent may send an array or a string instead of an object: shown whole rather than dropped.
  if (!isRecord(parameters)) return <JsonBlock value={parameters} />;
  return (
    <dl className="hitl-approval-arguments">
      {Object.entries(parameters).map(([name, value]) => {
        const nested = typeof value === 'object' && value !== null;
        return (
          <div key={name} className="hitl-approval-argument" data-nested={nested ? '' : undefined}>
            <dt>
              <bdi>{messages.argumentName({ name, title: titleOf(schema, name) })}</bdi>
            </dt>
            <dd>{nested ? <JsonBlock value={value} /> : <bdi>{formatValue(value)}</bdi>}</dd>
          </div>
        );
      })}
    </dl>
  );
}
