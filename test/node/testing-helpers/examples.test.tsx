// @vitest-environment jsdom
/**
 * Runs the MSW example of examples/testing (a user's component test of their page) in our suite,
 * in jsdom as a user's Vitest would: the example's own tests, hooks and assertions, unchanged.
 */
import '../../../examples/testing/orders-page.msw.test';
