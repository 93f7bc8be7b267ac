/** Every text `<RunResultView>` writes. Each is a function, so translations can reorder words. */
export interface RunResultViewMessages {
  /** The heading of the result. Default: "Result". */
  heading(): string;
  /** Label of the summary. Default: "Summary". */
  summaryLabel(): string;
  /** Heading of the other output fields. Default: "Output". */
  outputHeading(): string;
  /** Heading of the error content. Default: "Error". */
  errorHeading(): string;
  /** Shown when the run has no summary, no other output, no error and no data. Default: "The run returned no output." */
  noOutput(): string;
}

/** Every text `<DataTable>` writes. */
export interface DataTableMessages {
  /** The caption when the `caption` prop is absent. Default: "Extracted data". */
  caption(): string;
  /** Header of a column; `key` is the row field it shows. Default: "Title" for `title`, "Value" for `value`, else the key as is. */
  columnHeader(context: { key: string }): string;
  /** Shown instead of a table without rows. Default: "No data was extracted." */
  empty(): string;
}

/** The English `RunResultViewMessages`. */
export const enRunResultViewMessages: RunResultViewMessages = {
  heading: () => 'Result',
  summaryLabel: () => 'Summary',
  outputHeading: () => 'Output',
  errorHeading: () => 'Error',
  noOutput: () => 'The run returned no output.',
};

/** The English `DataTableMessages`. */
export const enDataTableMessages: DataTableMessages = {
  caption: () => 'Extracted data',
  columnHeader: ({ key }) => (key === 'title' ? 'Title' : key === 'value' ? 'Value' : key),
  empty: () => 'No data was extracted.',
};
