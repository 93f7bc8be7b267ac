// `useToolCallForm` with nothing but native elements (native-field.tsx). No stylesheet, like the
// hand-written baseline, so the two differ only in what the hook does per keystroke. Each field is
// a component that subscribes to its own field (`useHeadlessField`), not memoised, as the design
// system guide writes it: typing re-renders that field, and not the form's component.
import { installNativeFormBench } from './native-form-page';
import { SubscribedField } from './native-field';

installNativeFormBench(SubscribedField);
