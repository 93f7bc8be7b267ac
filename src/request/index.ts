export type {
  HumanAction,
  HumanAnswer,
  HumanApprovalRequest,
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
