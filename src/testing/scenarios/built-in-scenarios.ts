import type { Scenario } from '../scenario';
import { failingRunScenario } from './failing-run-scenario';
import { humanControlScenario } from './human-control-scenario';
import { longRunScenario } from './long-run-scenario';
import { loginScenario } from './login-scenario';
import { nonFormToolScenario } from './non-form-tool-scenario';
import { shippingScenario } from './shipping-scenario';
import { twoFactorScenario } from './two-factor-scenario';

/**
 * Every built-in scenario, in the order keywords are tried: the more specific ones come first,
 * so "Log in to my bank with 2FA" picks `two-factor`, not `login`, and "Check out past a CAPTCHA"
 * `human-control`, not `shipping`. Page durations are what a real
 * agent takes (1–3 s a page); tests shrink them with `timeScale` or drive them with their own clock.
 */
export const builtInScenarios: readonly Scenario[] = [
  failingRunScenario,
  longRunScenario,
  humanControlScenario,
  twoFactorScenario,
  nonFormToolScenario,
  shippingScenario,
  loginScenario,
];
