import { forwardRef, version, type ReactNode, type Ref } from 'react';

/**
 * React 19 hands `ref` to a function component as a normal prop; React 18 strips it from the
 * props, warns "Function components cannot be given refs" and leaves the ref null unless the
 * component is made with `forwardRef`. Read once: one React runs a page.
 */
const REF_IS_A_PROP = Number.parseInt(version, 10) >= 19;

/**
 * A component written with `ref` as a normal prop (React 19's way), made to take its `ref` on
 * React 18 too: there it is wrapped in `forwardRef`, which passes the ref back in as the prop. On
 * React 19 the component is returned as it is. The type is the component's own, so generic
 * components stay generic (as MUI and Headless UI type theirs).
 */
export function withRefProp<Component extends (props: never) => ReactNode>(component: Component): Component {
  if (REF_IS_A_PROP) return component;
  const render = component as unknown as (props: object) => ReactNode;
  // Called as a function inside the wrapper's render: its hooks are the wrapper's, in the same order every time.
  const forwarded = forwardRef((props: object, ref: Ref<unknown>) => render(ref === null ? props : { ...props, ref }));
  forwarded.displayName = component.name;
  return forwarded as unknown as Component;
}

/**
 * The `inert` attribute as the running React writes it: React 19 knows it as a boolean; React 18
 * passes unknown attributes through as strings, so `true` there warns ("Received `true` for a
 * non-boolean attribute") and is dropped. `''` sets it on 18; `undefined` leaves it off on both.
 */
export function inertAttribute(on: boolean): boolean | undefined {
  if (!on) return undefined;
  return REF_IS_A_PROP ? true : ('' as unknown as boolean);
}
