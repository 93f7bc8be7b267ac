// `hitl-react/testing/playwright`: helpers for your Playwright tests of pages that show hitl-react's
// components. Only types come from `playwright-core` (an optional peer); nothing here loads it.
export { fillFormInput } from './fill-form-input';
export type { FillFormInputOptions, FormInputValues } from './fill-form-input';
export type { FormInputFillValue } from './fill-form-field';
export { answerFormInput } from './answer-form-input';
export type { AnswerFormInputOptions } from './answer-form-input';
export { waitForRunState } from './wait-for-run-state';
export type { RunViewerDataState, WaitForRunStateOptions } from './wait-for-run-state';
export type { PlaywrightScope } from './playwright-scope';
