export type {
  HumanAction,
  HumanAnswer,
  HumanApprovalRequest,
  HumanControlOutcome,
  HumanControlRequest,
  HumanDecision,
  HumanDecisionType,
  HumanFormInputRequest,
  HumanLinkRequest,
  HumanRequest,
  HumanRequestAllows,
  HumanSchemaRequest,
} from './human-request';
export { isRequestListing, REQUEST_ALREADY_ANSWERED, REQUEST_ENDED, REQUESTS_PATH } from './requests-protocol';
export type { RequestListing, RequestListingState } from './requests-protocol';
export { HUMAN_DECISION_TYPES, checkHumanRequest, MAX_HUMAN_REQUEST_ID_LENGTH } from './check-human-request';
export { summarizeRequest, type RequestKindTitles, type RequestSummary, type SummarizeRequestOptions } from './request-summary';
export {
  controlOutcome,
  controlRequestFromToolCall,
  controlToolInput,
  humanControlRequest,
  type ControlRequestFromToolCallOptions,
  type HumanControlRequestOptions,
} from './human-control-request';
