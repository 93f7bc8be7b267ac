/** Internal pieces the component families share. Not exported from the package. */
export { asText, formatValue } from './as-text';
export { errorReason, isKeyRefused, useErrorReason } from './error-reason';
export { Heading, subLevel, type HeadingLevel } from './heading';
export { PagedList, type PagedListItem, type PagedListState } from './paged-list';
export { clampPageSize, pageCountOf, usePage } from './pager';
export { RetryAlert } from './retry-alert';
export { LiveAnnouncer, type Announcement } from './live-announcer';
export { isPageOrigin, safeHttpUrl } from './safe-http-url';
export { useFocusAfterRetry } from './use-focus-after-retry';
export { rowHeightIn, useRowWindow, type RowSizeObserver, type RowSizes, type RowWindow, type RowWindowOptions } from './use-row-window';
export { WaitingTime } from './waiting-time';
export { inheritedTheme, type InheritedTheme } from './theme-variable-names';
