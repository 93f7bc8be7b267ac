// The forms whose keystroke and mount have goals, side by side in one page load: the hand-written
// baseline, <ToolCallForm> and `useToolCallForm` with fields calling `useHeadlessField`. The
// stylesheet is linked, as in a page of <ToolCallForm>.
import { baselineForm } from './baseline-form';
import { nativeForm } from './native-form-page';
import { SubscribedField } from './native-field';
import { oursForm } from './ours-form';
import { installSideBySideBench } from './side-by-side-harness';

installSideBySideBench({ baseline: baselineForm, ours: oursForm, headless: nativeForm(SubscribedField) });
