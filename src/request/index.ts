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
