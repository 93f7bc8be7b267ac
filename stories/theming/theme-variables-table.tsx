import { THEME_VARIABLES } from './theme-variables';

const cell = { padding: '0.375rem 0.75rem', borderBottom: '1px solid #d0d7de', textAlign: 'start', verticalAlign: 'top' } as const;

/** The theming variables as a table, with a swatch beside each colour default. */
export function ThemeVariablesTable() {
  return (
    <table style={{ borderCollapse: 'collapse', fontFamily: 'system-ui, sans-serif', fontSize: '0.875rem' }}>
      <caption style={{ textAlign: 'start', fontWeight: 600, paddingBlock: '0.5rem' }}>Theming variables of hitl-react/styles.css</caption>
      <thead>
        <tr>
          <th scope="col" style={cell}>
            Variable
          </th>
          <th scope="col" style={cell}>
            Default
          </th>
          <th scope="col" style={cell}>
            Styles
          </th>
        </tr>
      </thead>
      <tbody>
        {THEME_VARIABLES.map((variable) => (
          <tr key={variable.name}>
            <th scope="row" style={cell}>
              <code>{variable.name}</code>
            </th>
            <td style={cell}>
              {variable.defaultValue.startsWith('#') ? (
                <span
                  aria-hidden="true"
                  style={{
                    display: 'inline-block',
                    width: '0.875em',
                    height: '0.875em',
                    marginInlineEnd: '0.375em',
                    verticalAlign: '-0.1em',
                    background: variable.defaultValue,
                    border: '1px solid #57606a',
                  }}
                />
              ) : null}
              <code>{variable.defaultValue}</code>
            </td>
            <td style={cell}>{variable.use}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
