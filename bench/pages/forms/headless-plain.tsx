// `useToolCallForm` with native elements (native-field.tsx) and a `Field` component per field, not
// memoised, that reads its field from `form.fields` without `useHeadlessField` (code written before
// that hook): its props are uncontrolled, so a keystroke renders nothing of React. No stylesheet,
// like the hand-written baseline.
import type { HeadlessField } from '../../../src';
import { installNativeFormBench } from './native-form-page';
import { nativeField } from './native-field';

function Field({ field }: { field: HeadlessField }) {
  return nativeField(field);
}

installNativeFormBench(Field);
