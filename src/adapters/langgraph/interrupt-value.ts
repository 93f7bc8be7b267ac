import type { JsonSchema } from '../../client';
import type { HumanDecisionType } from '../../request';
import { contentHash, isRecord } from '../../utils';

/** One tool call LangChain's `humanInTheLoopMiddleware` asks about (`ActionRequest`). */
export interface HitlActionRequest {
  name: string;
  args: Record<string, unknown>;
  description?: string;
}

/** What may be decided on the calls of one tool (`ReviewConfig`). */
export interface HitlReviewConfig {
  actionName: string;
  allowedDecisions: readonly string[];
  argsSchema?: Record<string, unknown>;
}

/** The value of `humanInTheLoopMiddleware`'s interrupt (LangChain 1.x `HITLRequest`). */
export interface HitlRequest {
  actionRequests: readonly HitlActionRequest[];
  reviewConfigs: readonly HitlReviewConfig[];
}

/** The same request from LangChain for Python (through a LangGraph server), in snake_case. */
export interface HitlRequestSnakeCase {
  action_requests: readonly HitlActionRequest[];
  review_configs: readonly { action_name: string; allowed_decisions: readonly string[]; args_schema?: Record<string, unknown> }[];
}

/** agent-inbox's interrupt (`HumanInterrupt` of `@langchain/langgraph/prebuilt`). */
export interface HumanInterrupt {
  action_request: { action: string; args: Record<string, unknown> };
  config: { allow_ignore: boolean; allow_respond: boolean; allow_edit: boolean; allow_accept: boolean };
  description?: string;
}

/** An interrupt as LangGraph returns it in `result.__interrupt__` (or a thread's `interrupts`). */
export interface LangGraphInterrupt<VALUE = unknown> {
  id?: string;
  value?: VALUE;
}

/** The interrupt values the adapter reads: the middleware's request, or agent-inbox's interrupts, one or a list. */
export type InterruptValue = HitlRequest | HitlRequestSnakeCase | HumanInterrupt | readonly HumanInterrupt[];

/** An action as both forms read: what the person decides on, and where its answer goes. */
interface ReadAction {
  name: string;
  args: unknown;
  description?: string;
  allowed?: HumanDecisionType[];
  argsSchema?: JsonSchema;
}

interface ReadInterrupt {
  /** `hitl` (the middleware's), `hitl_` (in snake_case), `inbox` (one HumanInterrupt) or `inbox[]` (a list). */
  form: 'hitl' | 'hitl_' | 'inbox' | 'inbox[]';
  id: string;
  actions: ReadAction[];
  decline: boolean;
}

const HITL_DECISIONS: readonly string[] = ['approve', 'edit', 'reject', 'respond'];

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function fail(): never {
  throw new TypeError('Not a LangGraph interrupt of humanInTheLoopMiddleware or agent-inbox');
}

/** The interrupt (agent-made, checked here) in the one shape both directions of the adapter use. */
export function readInterrupt(input: unknown, id?: string): ReadInterrupt {
  let value = input;
  // `{ id, value }` as in `result.__interrupt__`: the value inside, the id kept.
  if (isRecord(input) && 'value' in input) {
    value = input.value;
    id ??= text(input.id);
  }
  // Equal for equal content, so drafts survive a reload of the same interrupt.
  id ??= `langgraph-${contentHash(value)}`;
  if (isRecord(value) && ('actionRequests' in value || 'action_requests' in value)) {
    const snake = 'action_requests' in value;
    const requests = value[snake ? 'action_requests' : 'actionRequests'];
    const configs = value[snake ? 'review_configs' : 'reviewConfigs'];
    if (!Array.isArray(requests) || requests.length === 0) fail();
    const actions = requests.map((request): ReadAction => {
      if (!isRecord(request) || typeof request.name !== 'string') fail();
      const config = (Array.isArray(configs) ? (configs as unknown[]) : []).find(
        (each): each is Record<string, unknown> => isRecord(each) && each[snake ? 'action_name' : 'actionName'] === request.name,
      );
      const allowed = config?.[snake ? 'allowed_decisions' : 'allowedDecisions'];
      const argsSchema = config?.[snake ? 'args_schema' : 'argsSchema'];
      return {
        name: request.name,
        args: request.args,
        description: text(request.description),
        allowed: Array.isArray(allowed)
          ? allowed.filter((type): type is HumanDecisionType => HITL_DECISIONS.includes(type as string))
          : undefined,
        argsSchema: isRecord(argsSchema) ? argsSchema : undefined,
      };
    });
    return { form: snake ? 'hitl_' : 'hitl', id, actions, decline: false };
  }
  const list: unknown[] = Array.isArray(value) ? value : [value];
  if (list.length === 0) fail();
  // "Ignore" answers the whole request: offered when every interrupt allows it.
  let decline = true;
  const actions = list.map((interrupt): ReadAction => {
    if (!isRecord(interrupt) || !isRecord(interrupt.config) || !isRecord(interrupt.action_request)) fail();
    const { action, args } = interrupt.action_request;
    const config = interrupt.config;
    if (typeof action !== 'string') fail();
    decline &&= config.allow_ignore === true;
    return {
      name: action,
      args,
      description: text(interrupt.description),
      allowed: (['approve', 'edit', 'respond'] as const).filter((type) => config[`allow_${type === 'approve' ? 'accept' : type}`] === true),
    };
  });
  return { form: Array.isArray(value) ? 'inbox[]' : 'inbox', id, actions, decline };
}
