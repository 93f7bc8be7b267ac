import type { ComponentType, ReactNode } from 'react';
import type { HeadlessField } from '../../form';
import type { FormFieldKind } from '../../schema';

/** What a field slot receives: the field, with its value, error and prop getters (see `useToolCallForm`). */
export interface FieldSlotProps {
  field: HeadlessField;
}

/**
 * Your components for field kinds, e.g. `{ text: MyInput, select: MySelect }`. A slot renders the
 * control only; the field's label, description, notes and error stay the library's, wired to it
 * (take those over with `renderField`). A kind without a slot keeps the library's control.
 */
export type FieldComponents = Partial<Record<FormFieldKind, ComponentType<FieldSlotProps>>>;

/**
 * Renders one whole field yourself: `field` as in `FieldSlotProps`, `props` the props of the
 * library's own field, `Default` that field (`<Default {...props} />` keeps it, e.g. inside a
 * wrapper of yours). Return what the field shows.
 */
export type RenderField = (field: HeadlessField, props: FieldSlotProps, Default: ComponentType<FieldSlotProps>) => ReactNode;
