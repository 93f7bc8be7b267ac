import type { ReactNode, Ref } from 'react';
import { withRefProp } from '../../utils/react';

/** The level of a heading element: `1` is `<h1>`. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** One level below `level`, stopping at 6. */
export function subLevel(level: HeadingLevel): HeadingLevel {
  return Math.min(6, level + 1) as HeadingLevel;
}

interface HeadingProps {
  level: HeadingLevel;
  id?: string;
  className?: string;
  /** Given, the heading can take focus from script (`tabIndex={-1}`), e.g. after a retry. */
  ref?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** `<h1>`…`<h6>` by number, so components can sit at any depth of a page's outline. */
export const Heading = withRefProp(function Heading({ level, id, className, ref, children }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className} ref={ref} tabIndex={ref === undefined ? undefined : -1}>
      {children}
    </Tag>
  );
});

/**
 * Hides content visually but keeps it for screen readers. Inline, not in the stylesheet: an
 * announcer must stay invisible in apps that do not load `hitl-react/styles.css`.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
