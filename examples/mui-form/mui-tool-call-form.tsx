/**
 * A `form_input` call (spec §2.9) rendered with MUI 7 (Material UI), wired to hitl-react's
 * headless form.
 *
 * Why `useToolCallForm` and not `<ToolCallForm components={…}>`: MUI draws a field's label, helper
 * text and error state itself (the floating `InputLabel`, `FormHelperText`, the red outline from
 * `FormControl error`), and its own `Alert` and `Button`. A slot would render the control only, under
 * the library's label and above the library's error and submit button. The hook gives the same model,
 * validation, answer encoding and focus on the first error as `<ToolCallForm>`, with prop getters
 * whose ids, ARIA and handlers are passed to MUI's parts (`fields.tsx`). Each field subscribes to its
 * own field (`useHeadlessField`): typing re-renders the field typed in, not the form.
 *
 * Copy this folder into your app and change the `'../../src'` import to `'hitl-react'`. Put it
 * under your `ThemeProvider`; it uses the default theme otherwise.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useToolCallForm, type UseToolCallFormOptions } from '../../src';
import { MuiField } from './fields';

/** Props of `MuiToolCallForm`: those of `useToolCallForm` (`parameters`, `onSubmit`, `disabled`, …). */
export interface MuiToolCallFormProps extends UseToolCallFormOptions {
  /** Added to the `<form>`'s classes. Default: none. */
  className?: string | undefined;
}

/**
 * Renders a `form_input` call with MUI components; `onSubmit(answer, input)` receives exactly what
 * `<ToolCallForm>` would send for the same input. Every text from the agent is rendered as text.
 */
export function MuiToolCallForm({ className, ...options }: MuiToolCallFormProps) {
  const form = useToolCallForm(options);
  if (form.fatal) {
    const errors = form.problems.filter((problem) => problem.severity === 'error');
    return (
      <Alert severity="error">
        <AlertTitle>{form.invalidParameters}</AlertTitle>
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {errors.map((problem, index) => (
            <li key={index}>{problem.message}</li>
          ))}
        </Box>
      </Alert>
    );
  }
  const busy = form.status === 'submitting';
  const noticeId = `${form.headingId}-notice`;
  return (
    <Box
      component="form"
      {...form.getFormProps()}
      data-status={form.status}
      className={className}
      sx={{ display: 'grid', gap: 3, maxWidth: 560 }}
    >
      {form.heading ? (
        <Typography variant="h5" component="h2" id={form.headingId}>
          {form.heading}
        </Typography>
      ) : null}
      {form.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {form.description}
        </Typography>
      ) : null}
      {form.errorSummary ? (
        // MUI's Alert is `role="alert"`. Keyed by attempt: each refused submit puts it in afresh, so it is announced again.
        <Alert severity="error" key={form.refusals}>
          {form.errorSummary}
        </Alert>
      ) : null}
      {form.fields.map((field) => (
        <MuiField key={field.index} field={field} />
      ))}
      {form.submitError ? <Alert severity="error">{form.submitError.message}</Alert> : null}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {/*
         * Busy is `aria-disabled`, not MUI's `loading` (which disables the button): a disabled button
         * drops the keyboard focus while the answer is sent. The form ignores a second submit itself.
         */}
        <Button
          type="submit"
          variant="contained"
          disabled={options.disabled}
          aria-disabled={busy || undefined}
          aria-describedby={noticeId}
          sx={{ flexShrink: 0 }}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
        >
          {form.submitLabel}
        </Button>
        {/* Who asks, said where the person answers: the request comes from the agent, not from this app. */}
        <Typography variant="body2" color="text.secondary" id={noticeId}>
          {form.agentNotice}
        </Typography>
      </Stack>
    </Box>
  );
}
