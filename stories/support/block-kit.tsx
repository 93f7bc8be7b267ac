/**
 * A story-only preview of the Block Kit the proxy sends Slack: the subset its messages and modals
 * use (header, section with text and fields, context, actions with buttons, divider; a `modal`
 * view of `input` blocks), rendered beside its JSON, so a designer sees both sides of each
 * message. Not Slack's own rendering: close enough to judge what a person sees, and text only (an
 * agent's words are never HTML). Pressing a button or submitting a modal shows what Slack would
 * send the proxy's Request URL.
 */
import { useId, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { isRecord } from '../../src/utils';
import { blockIdOf, InputBlock, stateValues } from './block-kit-inputs';
import { httpUrl, Mrkdwn, plainWords, TextObject } from './block-kit-text';

type Json = Record<string, unknown>;

/**
 * What a story shows: a message (`chat.postMessage`'s or `chat.update`'s `{ text, blocks }`) or a
 * view (`views.open`'s `view`: `{ type: 'modal', title, submit, close, blocks }`).
 */
export type BlockKitSurface = Readonly<Json>;

const record = (value: unknown): Json => (isRecord(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

const BUTTON_COLOURS: Record<string, CSSProperties> = {
  primary: { background: '#007a5a', color: '#fff', borderColor: '#007a5a' },
  danger: { background: '#e01e5a', color: '#fff', borderColor: '#e01e5a' },
  default: { background: '#fff', color: '#1d1c1d', borderColor: '#868686' },
};

const styles = {
  button: {
    font: 'inherit',
    fontWeight: 700,
    padding: '4px 12px',
    minHeight: 32,
    border: '1px solid',
    borderRadius: 4,
    textDecoration: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    cursor: 'pointer',
  },
  surface: { border: '1px solid #dddddd', borderRadius: 8, padding: 16, background: '#fff', color: '#1d1c1d', lineHeight: 1.45 },
  context: { color: '#616061', fontSize: '0.8125em', margin: '8px 0', display: 'flex', gap: 8, flexWrap: 'wrap' },
  fields: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', gap: '4px 16px', margin: '8px 0' },
  heading: { fontSize: '1.125rem', margin: '4px 0 8px' },
  note: { color: '#b0003a', margin: '8px 0' },
  pre: { margin: 0, padding: 12, background: '#f8f8f8', border: '1px solid #dddddd', borderRadius: 8, overflow: 'auto', maxHeight: 560 },
  paneHeading: { fontSize: '1rem', margin: '0 0 8px' },
} satisfies Record<string, CSSProperties>;

function Heading({ level, children }: { level: 3 | 4; children: ReactNode }) {
  const Tag = level === 3 ? 'h3' : 'h4';
  return <Tag style={styles.heading}>{children}</Tag>;
}

/** A button element: a link for a `url` button (http(s) only), else a button that says what Slack would send. */
function ButtonElement({ element, onPress }: { element: Json; onPress: (said: string) => void }) {
  const colours = BUTTON_COLOURS[typeof element.style === 'string' ? element.style : 'default'] ?? BUTTON_COLOURS.default;
  const words = plainWords(element.text);
  const url = typeof element.url === 'string' ? httpUrl(element.url) : undefined;
  if (url !== undefined)
    return (
      <a href={url} target="_blank" rel="noreferrer" style={{ ...styles.button, ...colours }}>
        {words}
      </a>
    );
  const value = typeof element.value === 'string' ? `, value ${element.value}` : '';
  return (
    <button
      type="button"
      style={{ ...styles.button, ...colours }}
      onClick={() => onPress(`Pressed “${words}”: Slack sends block_actions with action_id ${String(element.action_id)}${value}.`)}
    >
      {words}
    </button>
  );
}

interface BlocksProps {
  blocks: readonly unknown[];
  /** The level of a header block's heading: 3 in a message, 4 inside a modal (whose title is 3). */
  headingLevel: 3 | 4;
  onPress: (said: string) => void;
  errors?: Readonly<Record<string, string>> | undefined;
}

/** Each block as Slack lays it out; one this preview does not know says so, so nothing is silently missing. */
function Blocks({ blocks, headingLevel, onPress, errors }: BlocksProps) {
  return blocks.map((raw, index) => {
    const block = record(raw);
    switch (block.type) {
      case 'header':
        return (
          <Heading key={index} level={headingLevel}>
            <TextObject text={block.text} />
          </Heading>
        );
      case 'section':
        return (
          <div key={index}>
            {isRecord(block.text) ? (
              <p style={{ margin: '8px 0', whiteSpace: 'pre-wrap' }}>
                <TextObject text={block.text} />
              </p>
            ) : null}
            {list(block.fields).length === 0 ? null : (
              <div style={styles.fields}>
                {list(block.fields).map((field, at) => (
                  <div key={at}>
                    <TextObject text={field} />
                  </div>
                ))}
              </div>
            )}
            {record(block.accessory).type === 'button' ? <ButtonElement element={record(block.accessory)} onPress={onPress} /> : null}
          </div>
        );
      case 'context':
        return (
          <p key={index} style={styles.context}>
            {list(block.elements).map((element, at) => (
              <span key={at}>
                {record(element).type === 'image' ? `[${String(record(element).alt_text)}]` : <TextObject text={element} />}
              </span>
            ))}
          </p>
        );
      case 'actions':
        return (
          <div key={index} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', margin: '12px 0 4px' }}>
            {list(block.elements).map((element, at) =>
              record(element).type === 'button' ? (
                <ButtonElement key={at} element={record(element)} onPress={onPress} />
              ) : (
                <span key={at} style={styles.note}>
                  This preview does not render a {String(record(element).type)} element.
                </span>
              ),
            )}
          </div>
        );
      case 'divider':
        return <hr key={index} style={{ border: 0, borderTop: '1px solid #dddddd', margin: '12px 0' }} />;
      case 'input': {
        const blockId = blockIdOf(block, index);
        return <InputBlock key={index} block={block} blockId={blockId} error={errors?.[blockId]} />;
      }
      default:
        return (
          <p key={index} style={styles.note}>
            This preview does not render a {String(block.type)} block.
          </p>
        );
    }
  });
}

/** A message as a channel shows it: the app's name and its blocks; then the `text` notifications and screen readers get. */
function Message({ surface, onPress }: { surface: Json; onPress: (said: string) => void }) {
  return (
    <>
      <article aria-label="Slack message" style={styles.surface}>
        <p style={{ margin: '0 0 4px', fontWeight: 700 }}>Agent inbox</p>
        <Blocks blocks={list(surface.blocks)} headingLevel={3} onPress={onPress} />
      </article>
      {typeof surface.text === 'string' ? (
        <p style={styles.context}>
          <span>
            Notification text: <Mrkdwn source={surface.text} />
          </span>
        </p>
      ) : null}
    </>
  );
}

interface ModalProps {
  surface: Json;
  read: BlockKitPreviewProps['read'];
  onPress: (said: string) => void;
}

/**
 * A `modal` view: its title, its blocks, and its Close and Submit buttons. Submitting shows the
 * `view.state.values` Slack sends and, with `read`, what the proxy makes of them: its errors are
 * shown under their inputs as Slack shows an acknowledgement's, and what was typed stays.
 */
function Modal({ surface, read, onPress }: ModalProps) {
  const titleId = useId();
  const [errors, setErrors] = useState<Record<string, string>>();
  const blocks = list(surface.blocks);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = stateValues(blocks, event.currentTarget);
    const sent = `Submitted: Slack sends view_submission with view.state.values ${JSON.stringify(values, null, 2)}`;
    const reading = read?.(values);
    const refused = isRecord(reading) && isRecord(reading.errors) && Object.keys(reading.errors).length > 0;
    setErrors(refused ? (reading.errors as Record<string, string>) : undefined);
    if (reading === undefined) onPress(sent);
    else if (refused) onPress(`${sent}\nThe proxy refuses it: response_action errors ${JSON.stringify(reading.errors, null, 2)}`);
    else onPress(`${sent}\nThe proxy reads: ${JSON.stringify(reading, null, 2)}`);
  };
  return (
    <form aria-labelledby={titleId} onSubmit={submit} style={{ ...styles.surface, maxWidth: 520, boxShadow: '0 4px 12px #0000002e' }}>
      <h3 id={titleId} style={{ ...styles.heading, fontSize: '1.25rem' }}>
        <TextObject text={surface.title} />
      </h3>
      <Blocks blocks={blocks} headingLevel={4} onPress={onPress} errors={errors} />
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', marginTop: 16 }}>
        <button
          type="button"
          style={{ ...styles.button, ...BUTTON_COLOURS.default }}
          onClick={() => onPress('Closed: nothing is answered.')}
        >
          {plainWords(surface.close) || 'Cancel'}
        </button>
        {isRecord(surface.submit) ? (
          <button type="submit" style={{ ...styles.button, ...BUTTON_COLOURS.primary }}>
            {plainWords(surface.submit)}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** Props of `BlockKitPreview`. */
export interface BlockKitPreviewProps {
  /** The message or modal, as the proxy's builders made it. */
  surface: BlockKitSurface;
  /**
   * For a modal: what the proxy makes of a submission's `view.state.values` (its own reader), shown
   * after it; `{ errors }` is shown as Slack shows a refusal. Default: none (only the values are shown).
   */
  read?: (stateValues: Record<string, unknown>) => unknown;
}

/** The rendering and, beside it, the JSON Slack receives. */
export function BlockKitPreview({ surface, read }: BlockKitPreviewProps) {
  const [said, setSaid] = useState('');
  const renderingId = useId();
  const jsonId = useId();
  const json = JSON.stringify(surface, null, 2);
  const builder = `https://app.slack.com/block-kit-builder#${encodeURIComponent(JSON.stringify(surface.type === 'modal' ? surface : { blocks: surface.blocks }))}`;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(20rem, 1fr))', gap: 24, padding: 16 }}>
      <section aria-labelledby={renderingId}>
        <h2 id={renderingId} style={styles.paneHeading}>
          In Slack
        </h2>
        {surface.type === 'modal' ? (
          <Modal surface={surface} read={read} onPress={setSaid} />
        ) : (
          <Message surface={surface} onPress={setSaid} />
        )}
        <p role="status" style={{ margin: '12px 0 0', whiteSpace: 'pre-wrap' }}>
          {said}
        </p>
      </section>
      <div>
        <h2 id={jsonId} style={styles.paneHeading}>
          Block Kit JSON
        </h2>
        {/* Scrolls: a Tab stop, so a keyboard can scroll it (WCAG 2.1.1). */}
        <pre tabIndex={0} role="region" aria-labelledby={jsonId} style={styles.pre}>
          {json}
        </pre>
        <p style={{ margin: '8px 0 0' }}>
          <a href={builder} target="_blank" rel="noreferrer">
            Open in Slack’s Block Kit Builder
          </a>
        </p>
      </div>
    </div>
  );
}
