import { encodeFormAnswer } from '../../schema';
import { isRecord } from '../../utils';
import type { SlackChannelSettings } from '../notify/slack-api';
import { plain } from '../notify/slack-form';
import {
  firstBlockOf,
  readModalMeta,
  readSlackModal,
  slackModalsOf,
  SLACK_MODAL_CALLBACK,
  type SlackModalMeta,
} from '../notify/slack-modals';
import type { ProxyIdentity } from '../task-proxy-options';
import { checkHumanAnswer } from './check-human-answer';
import {
  actorOf,
  answerableRequest,
  CANNOT_IN_SLACK,
  handledOnce,
  identifyActor,
  pendingCall,
  tellPrivately,
  toldOf,
  type SlackActor,
  type SlackInteractionsDeps,
} from './slack-replies';

/** Closes the modal: the answer was taken (what became of it is told after, privately, when it is not what the message shows). */
const close = () => new Response(null, { status: 200 });
/** Keeps the modal and what was typed in it, with an error under each block that has one. */
const refuse = (errors: Record<string, string>) => Response.json({ response_action: 'errors', errors });
/** Replaces the modal by a notice of why nothing was sent (no submit button: nothing is left to do in it). */
export const slackNotice = (text: string) =>
  Response.json({
    response_action: 'update',
    view: {
      type: 'modal',
      title: plain('Nothing was sent', 24),
      close: plain('Close', 24),
      blocks: [{ type: 'section', text: plain(text) }],
    },
  });

/** The mark of a view whose submission was taken: a second submission of it takes nothing. */
const VIEW_MARK = (viewId: string) => `view/${viewId}`;

/**
 * A modal submitted (`view_submission`): answered within Slack's 3 s in the acknowledgement itself.
 * The person must still be one `identify` maps to the request's team, the request still open (or
 * the service call still pending); the values are checked as a page's are (each field's rules, then
 * `checkHumanAnswer`), and what is wrong comes back per block with what was typed kept. A valid
 * submission closes the modal and is taken once (a second submission of the same view finds it
 * taken) through `takeAnswer` or the service call's gate, with `via: 'slack'`.
 */
export async function slackSubmission(
  deps: SlackInteractionsDeps,
  slack: SlackChannelSettings,
  payload: Record<string, unknown>,
): Promise<Response> {
  const view = isRecord(payload.view) ? payload.view : {};
  const meta = view.callback_id === SLACK_MODAL_CALLBACK ? readModalMeta(view.private_metadata) : undefined;
  const actor = meta === undefined ? undefined : actorOf(payload, meta.channel);
  if (meta === undefined || actor === undefined || typeof view.id !== 'string') return close();
  const values = isRecord(view.state) ? view.state.values : undefined;
  const identity = await identifyActor(slack, actor, deps.logger);
  if (typeof identity === 'string') return slackNotice(identity);
  if (meta.kind === 'call') return submitCall(deps, slack, meta, actor, identity, view.id, values);
  const found = await answerableRequest(deps.store, meta.id, identity);
  if (typeof found === 'string') return slackNotice(found);
  if (!slackModalsOf(found.request)[meta.kind]) return slackNotice(CANNOT_IN_SLACK);
  const read = readSlackModal(meta, found.request, meta.id, values);
  if ('errors' in read) return refuse(read.errors);
  const problem = checkHumanAnswer(found.request, read.answer);
  if (problem !== undefined) return refuse({ [firstBlockOf(meta, found.request)]: problem });
  if (!(await handledOnce(deps, slack, VIEW_MARK(view.id)))) return close();
  deps.track(
    deps
      .take({ identity, id: meta.id, via: 'slack', read: () => Promise.resolve(read.answer) })
      .then(toldOf)
      .then((said) => (said === undefined ? undefined : tellPrivately(slack, actor, said, deps.logger))),
  );
  return close();
}

/** A service call's form submitted: checked as the page checks it, then sent through the answer gate once. */
async function submitCall(
  deps: SlackInteractionsDeps,
  slack: SlackChannelSettings,
  meta: SlackModalMeta,
  actor: SlackActor,
  identity: ProxyIdentity,
  viewId: string,
  values: unknown,
): Promise<Response> {
  const call = await pendingCall(deps, meta.id, identity);
  if (typeof call === 'string') return slackNotice(call);
  const read = readSlackModal(meta, undefined, meta.id, values, call.form);
  if ('errors' in read) return refuse(read.errors);
  const answer = 'answer' in read.answer ? read.answer.answer : undefined;
  const calls = deps.serviceCalls();
  if (answer === undefined || calls === undefined) return slackNotice(CANNOT_IN_SLACK);
  if (!(await handledOnce(deps, slack, VIEW_MARK(viewId)))) return close();
  const sent = calls.answer(identity, { taskId: call.taskId, toolCallId: call.toolCallId, input: encodeFormAnswer(answer) }, 'slack');
  deps.track(
    sent.then(async (response) => {
      // Answered: the message says so, as for an answer from a page (`settleCallMessages`).
      if (response.ok) return;
      const said =
        response.status === 409
          ? 'This call was already answered. Your answer was not sent.'
          : response.status === 502 || response.status === 504
            ? 'The task service did not say whether it took your answer. Check the run in the inbox before answering again.'
            : await toldOf(response);
      if (said !== undefined) await tellPrivately(slack, actor, said, deps.logger);
    }),
  );
  return close();
}
