/** Internal pieces the component families share. Not exported from the package. */
export { asText, formatValue } from './as-text';
export { errorReason, isKeyRefused, useErrorReason } from './error-reason';
export { Heading, subLevel, VISUALLY_HIDDEN, type HeadingLevel, type HeadingProps } from './heading';
export { PagedList, type PagedListItem, type PagedListMessages, type PagedListProps, type PagedListState } from './paged-list';
export { clampPageSize, pageCountOf, Pager, usePage, type PagerProps } from './pager';
export { RetryAlert, type RetryAlertProps } from './retry-alert';
export { LiveAnnouncer, type Announcement, type LiveAnnouncerProps } from './live-announcer';
export { isPageOrigin, safeHttpUrl } from './safe-http-url';
export { useFocusAfterRetry } from './use-focus-after-retry';
export { WaitingTime, type WaitingTimeProps } from './waiting-time';
export { inheritedTheme, THEME_VARIABLE_NAMES, type InheritedTheme } from './theme-variable-names';
